package cli

import (
	"io/fs"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/deckpress/deckpress/data"
)

// TestFolderArguments: preview and rules given a folder use every file of
// their format in it (not the first YAML file alone), skipping the
// others; a folder holding none is a usage error that says so.
func TestFolderArguments(t *testing.T) {
	dir := t.TempDir()
	kit := func(p string) []byte {
		b, err := fs.ReadFile(data.FS, p)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	// a folder sorted so that a file of another format comes first
	writeFile(t, filepath.Join(dir, "mixed", "a-rules.yaml"), kit("kits/audition/rules.yaml"))
	writeFile(t, filepath.Join(dir, "mixed", "b-deck.yaml"), kit("kits/samples/registration.yaml"))
	writeFile(t, filepath.Join(dir, "mixed", "c-deck.yaml"), kit("kits/samples/registration.yaml"))
	writeFile(t, filepath.Join(dir, "mixed", "d-rules.yaml"), kit("kits/galaga/rules.yaml"))
	writeFile(t, filepath.Join(dir, "empty", "templates.yaml"), kit("kits/audition/templates.yaml"))

	code, stdout, stderr := runCLI(t, dir, "preview", "mixed", "--cards", "1", "--faces", "front", "-o", "pv")
	if code != 0 {
		t.Fatalf("preview: exit %d: %s", code, stderr)
	}
	if got := firstFields(stdout); got != "pv/b-deck-01-front.png pv/c-deck-01-front.png" {
		t.Errorf("preview wrote %q, want a face of each of the two decks", got)
	}

	code, stdout, stderr = runCLI(t, dir, "rules", "mixed", "-o", "r")
	if code != 0 {
		t.Fatalf("rules: exit %d: %s", code, stderr)
	}
	if got := firstFields(stdout); got != "r/a-rules.pdf r/d-rules.pdf" {
		t.Errorf("rules wrote %q, want the cards of both rules files", got)
	}

	for _, verb := range []string{"preview", "rules"} {
		code, stdout, stderr = runCLI(t, dir, verb, "empty")
		if code != 2 || stdout != "" || !strings.Contains(stderr, "empty: no ") || !strings.Contains(stderr, "deckpress "+verb+" --help") {
			t.Errorf("%s of a folder without its format: exit %d, stdout %q, stderr %q; want a usage error", verb, code, stdout, stderr)
		}
	}
}

// firstFields returns the first field of every line, sorted, with slashes.
func firstFields(s string) string {
	var out []string
	for _, l := range strings.Split(strings.TrimSpace(s), "\n") {
		if f := strings.Fields(l); len(f) > 0 {
			out = append(out, filepath.ToSlash(f[0]))
		}
	}
	sort.Strings(out)
	return strings.Join(out, " ")
}
