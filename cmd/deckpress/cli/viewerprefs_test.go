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
  t: {background: "#4363d8", elements: [{text: {x: 4, y: 4, w: 50, h: 10, value: "{{name}}", font: bold}}]}
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

// TestSubsetFontsEndToEnd: pdffonts sees every font of a built deck as an
// embedded subset, named with the six-letter tag of ISO 32000-1, 9.6.4.
func TestSubsetFontsEndToEnd(t *testing.T) {
	pdffonts := testtool.Require(t, "pdffonts")
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "deck.yaml"), []byte(viewerPrefsDeck), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := Run([]string{"build", "deck.yaml"}, Env{In: strings.NewReader(""), Out: &stdout, Err: &stderr, Dir: dir}); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	out, err := exec.Command(pdffonts, filepath.Join(dir, strings.Fields(stdout.String())[0])).CombinedOutput()
	if err != nil {
		t.Fatalf("pdffonts: %v\n%s", err, out)
	}
	// name type... encoding emb sub uni object ID
	row := regexp.MustCompile(`(?m)^(\S+)\s+CID TrueType\s+\S+\s+(yes|no)\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+$`)
	rows := row.FindAllStringSubmatch(string(out), -1)
	if len(rows) == 0 {
		t.Fatalf("pdffonts lists no TrueType font:\n%s", out)
	}
	tagged := regexp.MustCompile(`^[A-Z]{6}\+`)
	for _, r := range rows {
		if !tagged.MatchString(r[1]) || r[2] != "yes" || r[3] != "yes" {
			t.Errorf("font %s: embedded %s, subset %s; want a tagged, embedded subset", r[1], r[2], r[3])
		}
	}
}
