package tts

import (
	"encoding/json"
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

// TestObjectsApart: the objects of an export with a deck per back lie on
// a row along x, 3 units apart from the first at 0 — more than the width
// of a card at scale 1 in Tabletop Simulator, so that no deck lands on
// another when the object is loaded.
func TestObjectsApart(t *testing.T) {
	dir := t.TempDir()
	files, _, err := Export(prepared(t, twoBacks), nil, Options{Dir: dir, Stem: "g"})
	if err != nil {
		t.Fatal(err)
	}
	var s struct{ ObjectStates []objectState }
	for _, f := range files {
		if f.Path == filepath.Join(dir, "g.json") {
			if err := json.Unmarshal(f.Data, &s); err != nil {
				t.Fatal(err)
			}
		}
	}
	var xs []float64
	for _, o := range s.ObjectStates {
		xs = append(xs, o.Transform.PosX)
	}
	if want := []float64{0, 3, 6}; !slices.Equal(xs, want) {
		t.Errorf("objects at x %v, want %v", xs, want)
	}
}
