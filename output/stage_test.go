package output

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// TestStageBusyTarget: the second target becomes a non-empty folder after
// it was staged (a real failure of the late rename, nothing injected); the
// first target, already renamed, holds its earlier content again.
func TestStageBusyTarget(t *testing.T) {
	dir := t.TempDir()
	first, second := filepath.Join(dir, "a.pdf"), filepath.Join(dir, "b.pdf")
	os.WriteFile(first, []byte("earlier a"), 0o644)
	st := NewStage()
	defer st.Discard()
	for _, p := range []string{first, second} {
		w, err := st.Create(p)
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte("new " + filepath.Base(p)))
	}
	os.MkdirAll(filepath.Join(second, "busy"), 0o755)
	if err := st.Commit(); err == nil || !strings.Contains(err.Error(), "write "+second) {
		t.Fatalf("commit: %v, want the rename of %s refused", err, second)
	}
	equalFolder(t, dir, map[string]string{"a.pdf": "earlier a", "b.pdf": "dir"})
}

// TestStageRefusesSpecialTarget: a named pipe at a target is refused
// before anything is written (keeping a copy of it would block).
func TestStageRefusesSpecialTarget(t *testing.T) {
	dir := t.TempDir()
	pipe := filepath.Join(dir, "deck.pdf")
	if err := syscall.Mkfifo(pipe, 0o644); err != nil {
		t.Skip("no named pipes here:", err)
	}
	err := WriteFiles([]File{{pipe, []byte("new")}})
	if err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("error %v, want the named pipe refused", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("the folder holds %d entries, want only the pipe", len(entries))
	}
}

// TestInterrupt: on Interrupt, the temporary files of every stage not
// committed are removed, the targets stay as they were, and the stage can
// neither write more nor commit.
func TestInterrupt(t *testing.T) {
	defer stages.interrupted.Store(false)
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.pdf"), []byte("earlier a"), 0o644)
	var sts []*Stage
	for _, name := range []string{"a.pdf", "b.pdf"} {
		st := NewStage()
		w, err := st.Create(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte("half of a file"))
		sts = append(sts, st)
	}
	Interrupt()
	equalFolder(t, dir, map[string]string{"a.pdf": "earlier a"})
	for _, st := range sts {
		if err := st.Commit(); err == nil {
			t.Errorf("a stage committed after Interrupt")
		}
	}
	if _, err := NewStage().Create(filepath.Join(dir, "c.pdf")); err == nil {
		t.Errorf("a file was staged after Interrupt")
	}
	equalFolder(t, dir, map[string]string{"a.pdf": "earlier a"})
}

// gonePID returns the id of a process that has ended.
func gonePID(t *testing.T) int {
	t.Helper()
	cmd := exec.Command("true")
	if err := cmd.Run(); err != nil {
		t.Skip("cannot run a process:", err)
	}
	return cmd.Process.Pid
}

// TestStaleTemporaries: a stage removes, from the folders it writes, the
// temporary files of our naming whose process is gone, and their backups
// that are hard links of their targets; not those of a running process,
// not a backup holding an earlier file, not files of another naming.
func TestStaleTemporaries(t *testing.T) {
	dir := t.TempDir()
	gone, live := strconv.Itoa(gonePID(t)), strconv.Itoa(os.Getppid())
	files := map[string]string{
		"deck.pdf":                                "earlier",
		".deck.pdf.deckpress-" + gone + "-1.tmp":  "stale",         // removed
		".deck.pdf.deckpress-" + gone + "-2.old":  "not a link",    // kept: the user's
		".deck.pdf.deckpress-" + live + "-3.tmp":  "being written", // kept: running
		".deck.pdf.12345.tmp":                     "not ours",
		".other.pdf.deckpress-" + gone + "-4.tmp": "stale", // removed
	}
	for name, data := range files {
		os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644)
	}
	linked := ".deck.pdf.deckpress-" + gone + "-5.old" // removed: a link of deck.pdf
	if err := os.Link(filepath.Join(dir, "deck.pdf"), filepath.Join(dir, linked)); err != nil {
		t.Skip("no hard links here:", err)
	}
	if err := WriteFiles([]File{{filepath.Join(dir, "new.pdf"), []byte("new")}}); err != nil {
		t.Fatal(err)
	}
	equalFolder(t, dir, map[string]string{
		"deck.pdf": "earlier", "new.pdf": "new",
		".deck.pdf.deckpress-" + gone + "-2.old": "not a link",
		".deck.pdf.deckpress-" + live + "-3.tmp": "being written",
		".deck.pdf.12345.tmp":                    "not ours",
	})
}
