package tts

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/output"
)

// front and back are the colours of card k's faces (0-based): every
// front its own, every back the same unless the backs differ.
func front(k int) color.NRGBA {
	return color.NRGBA{R: uint8(k % 250), G: uint8(10 + k/250), B: 200, A: 255}
}

func back(k int, unique bool) color.NRGBA {
	if unique {
		return color.NRGBA{R: uint8(k % 250), G: 250, B: 30, A: 255}
	}
	return color.NRGBA{R: 0, G: 0, B: 255, A: 255}
}

func hex(c color.NRGBA) string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }

// deck is a deck of n cards of the given size, one copy each unless
// counts says otherwise.
func deck(t *testing.T, n int, size string, uniqueBacks bool, counts map[int]int) *output.DeckJob {
	t.Helper()
	var b strings.Builder
	fmt.Fprintf(&b, "deck: T\nsize: %s\nprint: {paper: a3}\ntemplates:\n  f: {background: \"{{fill}}\"}\n  b: {background: \"{{bg}}\"}\nfront: f\nback: b\ncards:\n", size)
	for k := range n {
		count := 1
		if c, ok := counts[k]; ok {
			count = c
		}
		fmt.Fprintf(&b, "  - {name: c%d, fill: \"%s\", bg: \"%s\", count: %d}\n", k+1, hex(front(k)), hex(back(k, uniqueBacks)), count)
	}
	d, diags := cards.LoadDeck("deck.yaml", []byte(b.String()), fstest.MapFS{})
	if d == nil {
		t.Fatalf("load: %v", diags)
	}
	job, ds := output.PrepareDeck(d, output.DeckOptions{Files: fstest.MapFS{}})
	if diags = diags.Extend(ds); job == nil || len(diags) != 0 {
		t.Fatalf("prepare: %v", diags)
	}
	return job
}

func decode(t *testing.T, files []output.File, path string) image.Image {
	t.Helper()
	for _, f := range files {
		if f.Path == path {
			img, err := png.Decode(bytes.NewReader(f.Data))
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			return img
		}
	}
	t.Fatalf("no file %s among %d", path, len(files))
	return nil
}

// slotColour is the colour at the centre of slot i of a sheet image with
// cols × rows slots.
func slotColour(img image.Image, cols, rows, i int) color.NRGBA {
	b := img.Bounds()
	w, h := b.Dx()/cols, b.Dy()/rows
	return color.NRGBAModel.Convert(img.At(b.Min.X+(i%cols)*w+w/2, b.Min.Y+(i/cols)*h+h/2)).(color.NRGBA)
}

// The saved object, as Tabletop Simulator reads it.
type savedDeck struct {
	ObjectStates []struct {
		Name             string
		Nickname         string
		SidewaysCard     bool
		HideWhenFaceDown bool
		DeckIDs          []int
		CustomDeck       map[string]savedSheet
		ContainedObjects []struct {
			Name, Nickname string
			CardID         int
			SidewaysCard   bool
			CustomDeck     map[string]savedSheet
		}
	}
}

type savedSheet struct {
	FaceURL, BackURL    string
	NumWidth, NumHeight int
	BackIsHidden        bool
	UniqueBack          bool
}

func saved(t *testing.T, files []output.File, path string) savedDeck {
	t.Helper()
	for _, f := range files {
		if f.Path == path {
			var s savedDeck
			if err := json.Unmarshal(f.Data, &s); err != nil {
				t.Fatal(err)
			}
			if len(s.ObjectStates) != 1 {
				t.Fatalf("%d objects, want one deck", len(s.ObjectStates))
			}
			return s
		}
	}
	t.Fatalf("no file %s", path)
	return savedDeck{}
}

// TestSheets: a sheet holds at most 69 cards (10 × 7 slots, the last one
// the hidden-card image); its grid is the smallest at most 10 wide that
// holds its cards and that image, which sits in the grid's last slot
// (bottom right), where Tabletop Simulator takes it from.
func TestSheets(t *testing.T) {
	tests := []struct {
		n    int
		want [][3]int // cards, columns, rows of each sheet
	}{
		{1, [][3]int{{1, 2, 1}}},
		{9, [][3]int{{9, 10, 1}}},
		{10, [][3]int{{10, 10, 2}}},
		{11, [][3]int{{11, 10, 2}}},
		{68, [][3]int{{68, 10, 7}}},
		{69, [][3]int{{69, 10, 7}}},
		{70, [][3]int{{69, 10, 7}, {1, 2, 1}}},
		{75, [][3]int{{69, 10, 7}, {6, 7, 1}}},
		{140, [][3]int{{69, 10, 7}, {69, 10, 7}, {2, 3, 1}}},
	}
	for _, tt := range tests {
		t.Run(strconv.Itoa(tt.n), func(t *testing.T) {
			job := deck(t, tt.n, "4x6mm", false, nil)
			dir := t.TempDir()
			files, sheets, err := Export(job, nil, dir, "t")
			if err != nil {
				t.Fatal(err)
			}
			if len(sheets) != len(tt.want) {
				t.Fatalf("%d sheets, want %d", len(sheets), len(tt.want))
			}
			first := 0
			for s, sh := range sheets {
				w := tt.want[s]
				if sh.Cards != w[0] || sh.Cols != w[1] || sh.Rows != w[2] {
					t.Errorf("sheet %d: %d cards on %d × %d, want %d on %d × %d", s+1, sh.Cards, sh.Cols, sh.Rows, w[0], w[1], w[2])
					continue
				}
				img := decode(t, files, filepath.Join(dir, fmt.Sprintf("t-faces-%d.png", s+1)))
				if b := img.Bounds(); b.Dx() != sh.Width || b.Dy() != sh.Height || sh.Width%sh.Cols != 0 || sh.Height%sh.Rows != 0 {
					t.Errorf("sheet %d: image %v, sheet says %d × %d", s+1, b, sh.Width, sh.Height)
				}
				last := sh.Cols*sh.Rows - 1
				for i := 0; i <= last; i++ {
					got := slotColour(img, sh.Cols, sh.Rows, i)
					var want color.NRGBA // an empty slot
					switch {
					case i == last:
						want = back(0, false)
					case i < sh.Cards:
						want = front(first + i)
					}
					if got != want {
						t.Errorf("sheet %d slot %d: %v, want %v", s+1, i, got, want)
					}
				}
				first += sh.Cards
			}
		})
	}
}

// TestSavedObject: one card object per printed copy, in deck order, its
// CardID the sheet's CustomDeck key × 100 + its slot on that sheet; the
// deck lists them in DeckIDs, and has one CustomDeck entry per sheet, keys
// from 1, pointing at that sheet's images by file URI, with its grid.
func TestSavedObject(t *testing.T) {
	job := deck(t, 140, "4x6mm", false, map[int]int{0: 2, 68: 0, 69: 3})
	dir := filepath.Join(t.TempDir(), "with space")
	names := []string{"first", "second"}
	files, sheets, err := Export(job, names, dir, "t")
	if err != nil {
		t.Fatal(err)
	}
	s := saved(t, files, filepath.Join(dir, "t.json"))
	d := s.ObjectStates[0]
	if d.Name != "DeckCustom" || d.Nickname != "T" || !d.HideWhenFaceDown || d.SidewaysCard {
		t.Errorf("deck object %q %q, hidden face down %v, sideways %v", d.Name, d.Nickname, d.HideWhenFaceDown, d.SidewaysCard)
	}
	// the copies: card 1 twice, card 69 not at all, card 70 three times
	var want []int
	for k := range 140 {
		copies := map[int]int{0: 2, 68: 0, 69: 3}
		n, ok := copies[k]
		if !ok {
			n = 1
		}
		for range n {
			want = append(want, (k/69+1)*100+k%69)
		}
	}
	if !slices.Equal(d.DeckIDs, want) {
		t.Errorf("DeckIDs\n got %v\nwant %v", d.DeckIDs, want)
	}
	if len(d.ContainedObjects) != len(want) {
		t.Fatalf("%d card objects, want %d", len(d.ContainedObjects), len(want))
	}
	// the entries per sheet
	abs, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	uri := "file://" + strings.ReplaceAll(filepath.ToSlash(abs), " ", "%20") + "/"
	wantDecks := map[string]savedSheet{
		"1": {FaceURL: uri + "t-faces-1.png", BackURL: uri + "t-back.png", NumWidth: 10, NumHeight: 7},
		"2": {FaceURL: uri + "t-faces-2.png", BackURL: uri + "t-back.png", NumWidth: 10, NumHeight: 7},
		"3": {FaceURL: uri + "t-faces-3.png", BackURL: uri + "t-back.png", NumWidth: 3, NumHeight: 1},
	}
	if len(d.CustomDeck) != 3 {
		t.Errorf("CustomDeck %v, want 3 entries", d.CustomDeck)
	}
	for k, w := range wantDecks {
		if d.CustomDeck[k] != w {
			t.Errorf("CustomDeck %s = %+v, want %+v", k, d.CustomDeck[k], w)
		}
	}
	for i, sh := range sheets {
		if sh.FaceURL != wantDecks[strconv.Itoa(i+1)].FaceURL || sh.BackURL != wantDecks[strconv.Itoa(i+1)].BackURL {
			t.Errorf("sheet %d URLs %q, %q", i+1, sh.FaceURL, sh.BackURL)
		}
	}
	for i, c := range d.ContainedObjects {
		key := strconv.Itoa(want[i] / 100)
		if c.Name != "Card" || c.CardID != want[i] || c.SidewaysCard || len(c.CustomDeck) != 1 || c.CustomDeck[key] != wantDecks[key] {
			t.Errorf("card object %d: %q id %d sideways %v decks %v; want a Card, id %d, its sheet %s only", i, c.Name, c.CardID, c.SidewaysCard, c.CustomDeck, want[i], key)
		}
		nick := ""
		switch {
		case i < 2:
			nick = "first" // both copies of the first card
		case i == 2:
			nick = "second"
		}
		if c.Nickname != nick {
			t.Errorf("card object %d named %q, want %q", i, c.Nickname, nick)
		}
	}
	// the files: three face sheets, one back, the saved object
	var paths []string
	for _, f := range files {
		paths = append(paths, filepath.Base(f.Path))
	}
	if !slices.Equal(paths, []string{"t-faces-1.png", "t-back.png", "t-faces-2.png", "t-faces-3.png", "t.json"}) {
		t.Errorf("files %q", paths)
	}
}

// TestRelativeFolder: the URIs are absolute even for a folder given
// relative to the working directory.
func TestRelativeFolder(t *testing.T) {
	files, sheets, err := Export(deck(t, 1, "4x6mm", false, nil), nil, filepath.Join("out", "tts"), "t")
	if err != nil {
		t.Fatal(err)
	}
	abs, err := filepath.Abs(filepath.Join("out", "tts"))
	if err != nil {
		t.Fatal(err)
	}
	want := "file://" + filepath.ToSlash(abs) + "/t-faces-1.png"
	if sheets[0].FaceURL != want || files[0].Path != filepath.Join("out", "tts", "t-faces-1.png") {
		t.Errorf("face URL %q, file %s; want %q in out/tts", sheets[0].FaceURL, files[0].Path, want)
	}
}

// TestSideways: SidewaysCard is true exactly for landscape cards (wider
// than tall), on the deck and on every card.
func TestSideways(t *testing.T) {
	for _, tt := range []struct {
		size string
		want bool
	}{{"business", true}, {"6x4mm", true}, {"poker", false}, {"4x6mm", false}, {"5x5mm", false}} {
		t.Run(tt.size, func(t *testing.T) {
			dir := t.TempDir()
			files, _, err := Export(deck(t, 2, tt.size, false, nil), nil, dir, "t")
			if err != nil {
				t.Fatal(err)
			}
			d := saved(t, files, filepath.Join(dir, "t.json")).ObjectStates[0]
			if d.SidewaysCard != tt.want {
				t.Errorf("deck sideways %v, want %v", d.SidewaysCard, tt.want)
			}
			for i, c := range d.ContainedObjects {
				if c.SidewaysCard != tt.want {
					t.Errorf("card %d sideways %v, want %v", i, c.SidewaysCard, tt.want)
				}
			}
		})
	}
}

// TestPixelLimits: a sheet is at most 4096 pixels a side, at most 300
// dpi, and as large as those limits allow: tall cards (tarot) are held by
// the height, wide rows by the width, small sheets by the dpi.
func TestPixelLimits(t *testing.T) {
	tests := []struct {
		name  string
		n     int
		size  string
		bound string // which limit holds: width, height or dpi
	}{
		{"69 tarot", 69, "tarot", "height"},
		{"9 poker", 9, "poker", "width"},
		{"1 small", 1, "4x6mm", "dpi"},
		{"1 very tall", 1, "20x400mm", "height"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			job := deck(t, tt.n, tt.size, false, nil)
			_, sheets, err := Export(job, nil, t.TempDir(), "t")
			if err != nil {
				t.Fatal(err)
			}
			sh := sheets[0]
			card := job.Plan.Card
			fw, fh := sh.Width/sh.Cols, sh.Height/sh.Rows
			// the pixels per card at 300 dpi
			w300, h300 := int(card.W/25.4*300), int(card.H/25.4*300)
			if sh.Width > 4096 || sh.Height > 4096 || fw > w300 || fh > h300 {
				t.Fatalf("sheet %d × %d px, %d × %d a card; limits 4096 px and %d × %d a card", sh.Width, sh.Height, fw, fh, w300, h300)
			}
			var room bool // a card one pixel larger would break the limit
			switch tt.bound {
			case "width":
				room = (fw+2)*sh.Cols <= 4096
			case "height":
				room = (fh+2)*sh.Rows <= 4096
			case "dpi":
				room = fw < w300-1 && fh < h300-1
			}
			if room {
				t.Errorf("sheet %d × %d px (%d × %d a card) is smaller than the %s allows", sh.Width, sh.Height, fw, fh, tt.bound)
			}
		})
	}
}

// TestBacks: when every back is the same, one back image serves every
// sheet; when they differ, each sheet has a back sheet with the same
// grid, each back behind its front's slot, and UniqueBack set.
func TestBacks(t *testing.T) {
	job := deck(t, 75, "4x6mm", true, nil)
	dir := t.TempDir()
	files, sheets, err := Export(job, nil, dir, "t")
	if err != nil {
		t.Fatal(err)
	}
	first := 0
	for s, sh := range sheets {
		if !sh.UniqueBack || sh.BackFile != filepath.Join(dir, fmt.Sprintf("t-backs-%d.png", s+1)) {
			t.Errorf("sheet %d: unique back %v, back file %s", s+1, sh.UniqueBack, sh.BackFile)
		}
		img := decode(t, files, sh.BackFile)
		for i := range sh.Cards {
			if got, want := slotColour(img, sh.Cols, sh.Rows, i), back(first+i, true); got != want {
				t.Errorf("back sheet %d slot %d: %v, want %v", s+1, i, got, want)
			}
		}
		// the hidden-card image is the back of the sheet's first card
		faces := decode(t, files, sh.FaceFile)
		if got, want := slotColour(faces, sh.Cols, sh.Rows, sh.Cols*sh.Rows-1), back(first, true); got != want {
			t.Errorf("sheet %d hidden card %v, want %v", s+1, got, want)
		}
		first += sh.Cards
	}
	d := saved(t, files, filepath.Join(dir, "t.json")).ObjectStates[0]
	if !d.CustomDeck["1"].UniqueBack || !d.CustomDeck["2"].UniqueBack || !strings.HasSuffix(d.CustomDeck["2"].BackURL, "/t-backs-2.png") {
		t.Errorf("CustomDeck %+v", d.CustomDeck)
	}

	// alike backs: one image, the back itself
	job = deck(t, 75, "4x6mm", false, nil)
	files, sheets, err = Export(job, nil, dir, "t")
	if err != nil {
		t.Fatal(err)
	}
	for _, sh := range sheets {
		if sh.UniqueBack || sh.BackFile != filepath.Join(dir, "t-back.png") {
			t.Errorf("alike backs: unique %v, back file %s", sh.UniqueBack, sh.BackFile)
		}
	}
	img := decode(t, files, filepath.Join(dir, "t-back.png"))
	if got := slotColour(img, 1, 1, 0); got != back(0, false) {
		t.Errorf("back image %v, want %v", got, back(0, false))
	}
	if len(files) != 4 {
		t.Errorf("%d files, want two face sheets, one back and the saved object", len(files))
	}
}

// TestBacksDifferAtTheEnd: one back unlike the others makes every back
// its own.
func TestBacksDifferAtTheEnd(t *testing.T) {
	d, _ := cards.LoadDeck("deck.yaml", []byte(`deck: T
size: 4x6mm
templates: {f: {background: "#ff0000"}, b: {background: "{{bg}}"}}
front: f
back: b
cards: [{bg: "#0000ff"}, {bg: "#0000ff"}, {bg: "#00ff00"}]
`), fstest.MapFS{})
	job, _ := output.PrepareDeck(d, output.DeckOptions{Files: fstest.MapFS{}})
	_, sheets, err := Export(job, nil, t.TempDir(), "t")
	if err != nil || !sheets[0].UniqueBack {
		t.Errorf("unique back %v (%v), want true", sheets[0].UniqueBack, err)
	}
}

// TestNoCards: a deck without cards has nothing to export.
func TestNoCards(t *testing.T) {
	d, _ := cards.LoadDeck("deck.yaml", []byte("deck: T\ntemplates: {f: {}}\nfront: f\nback: f\ncards: []\n"), fstest.MapFS{})
	job, _ := output.PrepareDeck(d, output.DeckOptions{Files: fstest.MapFS{}})
	if _, _, err := Export(job, nil, t.TempDir(), "t"); err == nil || err.Error() != "the deck has no cards" {
		t.Errorf("error %v, want the deck has no cards", err)
	}
}

// TestCardNames: a card's name, else its title, else nothing; only text
// counts.
func TestCardNames(t *testing.T) {
	d, diags := cards.LoadDeck("deck.yaml", []byte(`deck: T
cards:
  - {name: Ann, title: Queen}
  - {title: King}
  - {name: [a, b], title: Jack}
  - {name: {x: 1}}
  - {other: 1}
`), fstest.MapFS{})
	if len(diags) != 0 {
		t.Fatal(diags)
	}
	if got, want := CardNames(d), []string{"Ann", "King", "Jack", "", ""}; !slices.Equal(got, want) {
		t.Errorf("names %q, want %q", got, want)
	}
}
