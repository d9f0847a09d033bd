package cli

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/deckpress/deckpress/internal/golden"
	"github.com/deckpress/deckpress/internal/testtool"
)

// TestBadInput builds each input of testdata/bad (a file, or a folder
// with a project file): it must exit 1 with its diagnostics (golden), print
// nothing on stdout, leave an existing PDF byte for byte as it was, leave no
// temporary file behind, and stay within a memory and a time bound; check must report
// the same.
func TestBadInput(t *testing.T) {
	entries, err := os.ReadDir("testdata/bad")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		if e.IsDir() || strings.HasSuffix(e.Name(), ".yaml") {
			names = append(names, e.Name())
		}
	}
	if len(names) < 40 {
		t.Fatalf("%d bad inputs; the corpus should hold at least 40", len(names))
	}
	// the README says how many
	readme, err := os.ReadFile("../../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	if m := regexp.MustCompile(`holds (\d+) broken inputs`).FindSubmatch(readme); m == nil || string(m[1]) != strconv.Itoa(len(names)) {
		t.Errorf("README: %q, but the corpus holds %d broken inputs", m, len(names))
	}
	for _, name := range names {
		t.Run(stem(name), func(t *testing.T) {
			dir := t.TempDir()
			copyTree(t, os.DirFS("testdata/bad"), dir)
			if special := badSpecial[name]; special != nil {
				special(t, dir)
			}
			old := filepath.Join(dir, "out", stem(name)+".pdf")
			os.MkdirAll(filepath.Dir(old), 0o755)
			before := []byte("%PDF-1.3 an earlier, good build\n")
			os.WriteFile(old, before, 0o644)

			var mem runtime.MemStats
			runtime.ReadMemStats(&mem)
			allocated := mem.TotalAlloc
			start := testtool.CPUTime()
			code, stdout, stderr := runCLI(t, dir, "build", name)
			if took := testtool.CPUTime() - start; took > maxBadInputTime {
				t.Errorf("took %v of processor time, more than the %v bound", took, maxBadInputTime)
			}
			runtime.ReadMemStats(&mem)
			// everything allocated bounds the peak from above
			if used := mem.TotalAlloc - allocated; used > maxBadInputBytes {
				t.Errorf("allocated %d MiB, more than the %d MiB bound", used>>20, maxBadInputBytes>>20)
			}
			if code != 1 {
				t.Errorf("exit %d, want 1; stderr:\n%s", code, stderr)
			}
			if stdout != "" {
				t.Errorf("stdout should be empty, got %q", stdout)
			}
			after, _ := os.ReadFile(old)
			if !bytes.Equal(before, after) {
				t.Errorf("the earlier PDF was changed")
			}
			entries, _ := os.ReadDir(filepath.Dir(old))
			if len(entries) != 1 {
				t.Errorf("out/ holds %d files, want only the earlier PDF", len(entries))
			}
			if bad := unpositioned(stderr); bad != "" {
				t.Errorf("a diagnostic without file:line:col: %q", bad)
			}
			golden.Assert(t, "bad/"+stem(name)+".txt", []byte(stderr))

			// check reports the same, and writes nothing either (so it
			// does not say so)
			code, _, checkErr := runCLI(t, dir, "check", name)
			if code != 1 || checkErr+"deckpress: nothing written\n" != stderr {
				t.Errorf("check: exit %d, diagnostics differ from build:\n%s", code, checkErr)
			}
		})
	}
}

// badSpecial makes, in the corpus copied to dir, what git cannot hold for
// a case: named pipes, symlinks to devices and out of a folder.
var badSpecial = map[string]func(t *testing.T, dir string){
	"fifo-picture.yaml":  func(t *testing.T, dir string) { mkfifo(t, filepath.Join(dir, "fifo.png")) },
	"project-fifo-input": func(t *testing.T, dir string) { mkfifo(t, filepath.Join(dir, "project-fifo-input", "pipe.yaml")) },
	"zero-link.yaml":     func(t *testing.T, dir string) { symlink(t, "/dev/zero", filepath.Join(dir, "zero.csv")) },
	"folder-symlink-out": func(t *testing.T, dir string) {
		symlink(t, filepath.Join("..", "not-a-deck.yaml"), filepath.Join(dir, "folder-symlink-out", "leak.yaml"))
	},
}

func mkfifo(t *testing.T, path string) {
	t.Helper()
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Skip("no named pipes here:", err)
	}
}

func symlink(t *testing.T, target, path string) {
	t.Helper()
	if err := os.Symlink(target, path); err != nil {
		t.Skip("no symlinks here:", err)
	}
}

// positioned matches a diagnostic that says where its problem is: a
// line and column, or a workbook's sheet and cell.
var positioned = regexp.MustCompile(`^[^: ]+:([1-9][0-9]*:[1-9][0-9]*|[^ !]+![A-Z]+[1-9][0-9]*): (error|warning): `)

// unpositioned returns the first line of a failed build's standard error
// that is neither a positioned diagnostic nor the closing summary.
func unpositioned(stderr string) string {
	lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
	if len(lines) < 3 {
		return stderr
	}
	for _, l := range lines[:len(lines)-2] { // "N errors, M warnings" and "nothing written"
		if !positioned.MatchString(l) {
			return l
		}
	}
	return ""
}

// maxBadInputBytes bounds what deckpress may allocate on one bad input,
// maxBadInputTime the processor time it may take to refuse it (the
// clock's time would count the other programs of a busy machine; this
// test runs alone in its binary, parallel tests waiting until it is done).
const (
	maxBadInputBytes = 500 << 20
	maxBadInputTime  = 2 * time.Second
)

// copyTree copies a folder, with its sub-folders, into dst.
func copyTree(t *testing.T, src fs.FS, dst string) {
	t.Helper()
	if err := os.CopyFS(dst, src); err != nil {
		t.Fatal(err)
	}
}

// TestOverflowWarning: text too long even at min-size is a warning naming
// the deck file, the line of the card's field and the card; the build
// still succeeds.
func TestOverflowWarning(t *testing.T) {
	dir := t.TempDir()
	copyTree(t, os.DirFS("testdata/warn"), dir)
	code, stdout, stderr := runCLI(t, dir, "build", "overflow.yaml")
	want := `overflow.yaml:12:11: warning: card 2 "long": text does not fit its 55mm x 12mm box even at 8pt; the end is cut`
	if code != 0 || !strings.Contains(stderr, want) || !strings.Contains(stdout, "overflow.pdf") {
		t.Errorf("exit %d, want 0 and\n%s\nin:\n%s", code, want, stderr)
	}
}

func TestBuildSampleSet(t *testing.T) {
	dir := t.TempDir()
	code, stdout, stderr := runCLI(t, dir, "build")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	want := filepath.Join("out", "samples", "registration.pdf")
	if !strings.Contains(stdout, want) || !strings.Contains(stdout, "12 cards") || !strings.Contains(stdout, "2 sheets") {
		t.Errorf("stdout does not list %s with 12 cards on 2 sheets:\n%s", want, stdout)
	}
	b, err := os.ReadFile(filepath.Join(dir, want))
	if err != nil || !bytes.HasPrefix(b, []byte("%PDF-")) {
		t.Fatalf("no PDF written: %v", err)
	}
	if !strings.Contains(stdout, filepath.Join("out", "samples", "gallery.pdf")) {
		t.Errorf("the gallery is not in the sample set:\n%s", stdout)
	}
	// same input, same bytes, for every file of the sample set
	if code, _, _ := runCLI(t, dir, "build", "-o", "again"); code != 0 {
		t.Fatal("second build failed")
	}
	first, second := hashTree(t, filepath.Join(dir, "out")), hashTree(t, filepath.Join(dir, "again"))
	if len(first) == 0 || !maps.Equal(first, second) {
		t.Errorf("two builds of the same input differ:\n%v\n%v", first, second)
	}
}

// hashTree returns the sha256 of every file under root, by relative path.
func hashTree(t *testing.T, root string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		out[rel] = fmt.Sprintf("%x", sha256.Sum256(b))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestUsageErrors(t *testing.T) {
	cases := [][]string{
		{"build", "--paper", "a7"},
		{"build", "--duplex", "sideways"},
		{"build", "--bleed", "3 furlongs"},
		{"build", "--back-offset", "1mm"},
		{"build", "--no-such-flag"},
		{"frobnicate"},
	}
	for _, args := range cases {
		code, stdout, stderr := runCLI(t, t.TempDir(), args...)
		if code != 2 || stdout != "" || !strings.Contains(stderr, "deckpress:") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 with a message", args, code, stdout, stderr)
		}
	}
}

func TestMissingInput(t *testing.T) {
	code, _, stderr := runCLI(t, t.TempDir(), "build", "nope.yaml")
	if code != 1 || !strings.Contains(stderr, "nope.yaml: no such file or directory") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
}

func TestFlagsOverrideDeck(t *testing.T) {
	dir := t.TempDir()
	src, _ := os.ReadFile("testdata/registration.yaml")
	os.WriteFile(filepath.Join(dir, "r.yaml"), src, 0o644)
	// the deck says a4 and long; flags say letter, fold
	code, stdout, stderr := runCLI(t, dir, "check", "r.yaml", "--paper", "letter", "--duplex", "fold", "--margin", "10mm")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, "12 cards") || !strings.Contains(stdout, "4 sheets") {
		t.Errorf("fold on letter with 10mm margins should take 4 sheets (3 per page, horizontal fold):\n%s", stdout)
	}
}

func writeFile(t *testing.T, path string, b []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}
