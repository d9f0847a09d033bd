package output

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// TestStageClosed: once committed or discarded, a stage writes no more: a
// later Create is refused with the target's path, and leaves no temporary
// file; a second Commit fails and writes nothing.
func TestStageClosed(t *testing.T) {
	for _, end := range []string{"commit", "discard"} {
		dir := t.TempDir()
		st := NewStage()
		if end == "commit" {
			if err := st.Commit(); err != nil {
				t.Fatal(err)
			}
		} else {
			st.Discard()
		}
		path := filepath.Join(dir, "late.pdf")
		w, err := st.Create(path)
		if want := "write " + path + ": the stage is closed"; w != nil || err == nil || err.Error() != want {
			t.Errorf("after %s: Create gave %v, %v; want %q", end, w, err, want)
		}
		if err := st.Commit(); err == nil {
			t.Errorf("after %s: a second commit succeeded", end)
		}
		if entries, _ := os.ReadDir(dir); len(entries) != 0 {
			t.Errorf("after %s: the folder holds %v", end, entries)
		}
	}
}

// TestDiscardClosesFiles: discarding a stage closes the temporary files it
// still holds open (a long-running studio would otherwise run out of file
// descriptors), besides removing them.
func TestDiscardClosesFiles(t *testing.T) {
	open := func() int {
		entries, err := os.ReadDir("/proc/self/fd")
		if err != nil {
			t.Skip("no /proc/self/fd here")
		}
		return len(entries)
	}
	dir := t.TempDir()
	before := open()
	st := NewStage()
	for i := range 5 {
		if _, err := st.Create(filepath.Join(dir, fmt.Sprintf("f%d.pdf", i))); err != nil {
			t.Fatal(err)
		}
	}
	if during := open(); during < before+5 {
		t.Fatalf("%d descriptors open while staging, %d before", during, before)
	}
	st.Discard()
	if after := open(); after > before {
		t.Errorf("%d descriptors open after Discard, %d before", after, before)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("the folder holds %v", entries)
	}
}
