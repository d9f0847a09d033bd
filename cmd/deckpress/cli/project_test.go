package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestProjectInputOutside: a project file's inputs lie inside its folder.
// One that leads outside (../elsewhere/deck.yaml) is an error at its
// position in the project file, and nothing is written; --allow-outside
// builds it.
func TestProjectInputOutside(t *testing.T) {
	dir := t.TempDir()
	src, err := os.ReadFile("testdata/registration.yaml")
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, "elsewhere", "deck.yaml"), src)
	writeFile(t, filepath.Join(dir, "proj", "deckpress.yaml"), []byte("project: p\ninputs:\n  - ../elsewhere/deck.yaml\n"))

	code, stdout, stderr := runCLI(t, dir, "build", "proj")
	want := filepath.Join("proj", "deckpress.yaml") + ":3:5: error: inputs: ../elsewhere/deck.yaml"
	if code != 1 || stdout != "" || !strings.Contains(stderr, want) || !strings.Contains(stderr, "outside the project folder") {
		t.Errorf("exit %d, stdout %q, stderr %q; want exit 1 with %q… outside the project folder", code, stdout, stderr, want)
	}
	if _, err := os.Stat(filepath.Join(dir, "out", "deck.pdf")); err == nil {
		t.Error("deck.pdf was written")
	}

	code, stdout, stderr = runCLI(t, dir, "build", "proj", "--allow-outside")
	if code != 0 || !strings.Contains(stdout, "deck.pdf") {
		t.Errorf("--allow-outside: exit %d, stdout %q, stderr %q; want deck.pdf built", code, stdout, stderr)
	}
}
