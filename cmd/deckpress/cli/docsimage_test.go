package cli

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

// docsGallery is the picture of the gallery's fronts in the design
// language's reference: a golden file, made by the command the reference
// names, so that it cannot fall behind the gallery or the templates.
const docsGallery = "../../../docs/gallery.png"

// TestDocsGalleryImage: docs/gallery.png is what `deckpress preview
// gallery.yaml --sheet --faces front --dpi 60` draws for the samples kit
// today; -update rewrites it.
func TestDocsGalleryImage(t *testing.T) {
	dir := t.TempDir()
	if code, _, stderr := runCLI(t, dir, "init", "samples", "kit"); code != 0 {
		t.Fatalf("init: %s", stderr)
	}
	if code, _, stderr := runCLI(t, dir, "preview", "kit/gallery.yaml", "--sheet", "--faces", "front", "--dpi", "60", "-o", "gallery.png"); code != 0 {
		t.Fatalf("preview: %s", stderr)
	}
	got, err := os.ReadFile(filepath.Join(dir, "gallery.png"))
	if err != nil {
		t.Fatal(err)
	}
	if f := flag.Lookup("update"); f != nil && f.Value.String() == "true" {
		if err := os.WriteFile(docsGallery, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(docsGallery)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s is not what the gallery draws today; run the test with -update and look at the picture", docsGallery)
	}
}
