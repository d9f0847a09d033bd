package cli

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/deckpress/deckpress/internal/testtool"
)

const viewerPrefsDeck = `deck: viewer preferences
size: poker
templates:
  t: {background: "#4363d8"}
front: t
back: t
cards:
  - {name: one}
`

// TestViewerPreferencesEndToEnd: every PDF deckpress writes asks viewers
// to print at actual size (PrintScaling /None) and to print duplex on the
// edge --duplex names, or one-sided when its pages are not front/back
// pairs (fold, single, none, and hex paper); qpdf reads the catalog, finds
// no empty name tree, and finds nothing wrong with the file.
func TestViewerPreferencesEndToEnd(t *testing.T) {
	qpdf := testtool.Require(t, "qpdf")
	tests := []struct {
		args   []string
		duplex string
	}{
		{[]string{"build", "deck.yaml", "--duplex", "long"}, "/DuplexFlipLongEdge"},
		{[]string{"build", "deck.yaml", "--duplex", "short"}, "/DuplexFlipShortEdge"},
		{[]string{"build", "deck.yaml", "--duplex", "fold"}, "/Simplex"},
		{[]string{"build", "deck.yaml", "--duplex", "single"}, "/Simplex"},
		{[]string{"build", "deck.yaml", "--duplex", "none"}, "/Simplex"},
		{[]string{"calibrate", "--duplex", "long"}, "/DuplexFlipLongEdge"},
		{[]string{"calibrate", "--duplex", "short"}, "/DuplexFlipShortEdge"},
		{[]string{"hexsheet"}, "/Simplex"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "deck.yaml"), []byte(viewerPrefsDeck), 0o644); err != nil {
				t.Fatal(err)
			}
			var stdout, stderr bytes.Buffer
			if code := Run(tt.args, Env{In: strings.NewReader(""), Out: &stdout, Err: &stderr, Dir: dir}); code != 0 {
				t.Fatalf("exit %d: %s", code, stderr.String())
			}
			file := filepath.Join(dir, strings.Fields(stdout.String())[0])
			show := func(obj string) string {
				out, err := exec.Command(qpdf, "--show-object="+obj, file).CombinedOutput()
				if err != nil {
					t.Fatalf("qpdf --show-object=%s: %v\n%s", obj, err, out)
				}
				return string(out)
			}
			root := regexp.MustCompile(`/Root (\d+) 0 R`).FindStringSubmatch(show("trailer"))
			if root == nil {
				t.Fatal("no /Root in the trailer")
			}
			catalog := show(root[1])
			prefs := regexp.MustCompile(`/ViewerPreferences << ([^>]*) >>`).FindStringSubmatch(catalog)
			if prefs == nil {
				t.Fatalf("catalog %s has no /ViewerPreferences", catalog)
			}
			for _, want := range []string{"/PrintScaling /None", "/Duplex " + tt.duplex} {
				if !strings.Contains(prefs[1], want) {
					t.Errorf("viewer preferences %q lack %q", prefs[1], want)
				}
			}
			if strings.Contains(catalog, "/Names") {
				t.Errorf("catalog %s has a name tree; deckpress embeds no files", catalog)
			}
			out, err := exec.Command(qpdf, "--check", file).CombinedOutput()
			if err != nil || bytes.Contains(bytes.ToLower(out), []byte("warning")) {
				t.Errorf("qpdf --check: %v\n%s", err, out)
			}
		})
	}
}
