package tts

import (
	"path/filepath"
	"slices"
	"testing"
)

// TestBackImageNames: with a deck object per back template, each deck's
// one back image is named stem-back-N.png, N counting the decks from 1 in
// the order of their first card; the faces are stem-faces-K.png, K the
// sheet's key.
func TestBackImageNames(t *testing.T) {
	dir := t.TempDir()
	_, sheets, err := Export(prepared(t, twoBacks), []string{"a", "life", "b", "solo"}, Options{Dir: dir, Stem: "g"})
	if err != nil {
		t.Fatal(err)
	}
	var faces, backs []string
	for _, s := range sheets {
		faces, backs = append(faces, filepath.Base(s.FaceFile)), append(backs, filepath.Base(s.BackFile))
	}
	if want := []string{"g-faces-1.png", "g-faces-2.png", "g-faces-3.png"}; !slices.Equal(faces, want) {
		t.Errorf("faces %v, want %v", faces, want)
	}
	if want := []string{"g-back-1.png", "g-back-2.png", "g-back-3.png"}; !slices.Equal(backs, want) {
		t.Errorf("backs %v, want %v", backs, want)
	}
}
