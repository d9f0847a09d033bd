package tts

import (
	"encoding/json"
	"image/color"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/output"
)

// TestFileURI: RFC 8089 file URIs, whatever system runs the export: an
// absolute POSIX path after "file://" (an empty host), a Windows drive
// path with its backslashes as slashes after "file:///", a Windows share
// with its server as the host; spaces and other bytes outside the path
// characters percent-encoded, UTF-8 per byte.
func TestFileURI(t *testing.T) {
	tests := []struct{ path, want string }{
		{"/home/ann/out/tts/deck-faces-1.png", "file:///home/ann/out/tts/deck-faces-1.png"},
		{"/Users/Ann Lee/My Games/deck.png", "file:///Users/Ann%20Lee/My%20Games/deck.png"},
		{"/home/zoë/a#b?.png", "file:///home/zo%C3%AB/a%23b%3F.png"},
		{`C:\Users\Ann Lee\Documents\My Games\Tabletop Simulator\deck-faces-1.png`,
			"file:///C:/Users/Ann%20Lee/Documents/My%20Games/Tabletop%20Simulator/deck-faces-1.png"},
		{`d:\cards\deck.png`, "file:///d:/cards/deck.png"},
		{"C:/cards/deck.png", "file:///C:/cards/deck.png"},
		{`\\nas\share\cards\deck.png`, "file://nas/share/cards/deck.png"},
	}
	for _, tt := range tests {
		if got := FileURI(tt.path); got != tt.want {
			t.Errorf("FileURI(%q) = %q, want %q", tt.path, got, tt.want)
		}
	}
}

// TestCheckURLPrefix: an http(s) folder URL, given a final slash.
func TestCheckURLPrefix(t *testing.T) {
	tests := []struct{ in, want string }{
		{"https://example.test/cards/", "https://example.test/cards/"},
		{"https://example.test/cards", "https://example.test/cards/"},
		{"http://127.0.0.1:8000", "http://127.0.0.1:8000/"},
		{"example.test/cards", ""},
		{"ftp://example.test/", ""},
		{"https:///cards/", ""},
		{"https://example.test/cards/?x=1", ""},
		{"https://exa mple.test/", ""},
	}
	for _, tt := range tests {
		got, err := CheckURLPrefix(tt.in)
		if got != tt.want || (err == nil) != (tt.want != "") {
			t.Errorf("CheckURLPrefix(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
}

// twoBacks is a deck like Galaga's: a draw deck with one back and life
// cards with another, and a single card with a third.
const twoBacks = `deck: G
size: 20x30mm
templates:
  f: {background: "#ff0000"}
  draw-back: {background: "#0000ff"}
  life-back: {background: "#00ff00"}
  solo-back: {background: "#ffff00"}
front: f
back: draw-back
cards:
  - {name: a, count: 3}
  - {name: life, count: 17, back: life-back}
  - {name: b}
  - {name: solo, back: solo-back}
`

type objectState struct {
	Name, Nickname   string
	CardID           int
	DeckIDs          []int
	CustomDeck       map[string]savedSheet
	ContainedObjects []struct{ CardID int }
	Transform        struct{ PosX float64 }
}

func prepared(t *testing.T, src string) *output.DeckJob {
	t.Helper()
	d, diags := cards.LoadDeck("deck.yaml", []byte(src), fstest.MapFS{})
	job, ds := output.PrepareDeck(d, output.DeckOptions{Files: fstest.MapFS{}})
	if diags = diags.Extend(ds); job == nil || diags.HasErrors() {
		t.Fatalf("prepare: %v", diags)
	}
	return job
}

// TestDeckPerBack: the cards of each back template make a deck object of
// their own, with its own sheets and back image; a back used by a single
// printed card makes a lone card object. Objects lie side by side.
func TestDeckPerBack(t *testing.T) {
	dir := t.TempDir()
	files, sheets, err := Export(prepared(t, twoBacks), []string{"a", "life", "b", "solo"}, Options{Dir: dir, Stem: "g"})
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
	if len(s.ObjectStates) != 3 || len(sheets) != 3 {
		t.Fatalf("%d objects on %d sheets, want the draw deck, the life deck and the solo card on 3", len(s.ObjectStates), len(sheets))
	}
	draw, life, solo := s.ObjectStates[0], s.ObjectStates[1], s.ObjectStates[2]
	// draw deck: a ×3 and b on sheet 1 (slots 0, 1); life ×17 on sheet 2;
	// solo on sheet 3
	wantIDs := [][]int{{100, 100, 100, 101}, {200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200}}
	for i, o := range []objectState{draw, life} {
		if o.Name != "DeckCustom" || len(o.DeckIDs) != len(wantIDs[i]) || len(o.CustomDeck) != 1 {
			t.Fatalf("object %d: %s with %v on %d sheets, want a deck of %v", i, o.Name, o.DeckIDs, len(o.CustomDeck), wantIDs[i])
		}
		for k := range o.DeckIDs {
			if o.DeckIDs[k] != wantIDs[i][k] {
				t.Errorf("object %d: DeckIDs %v, want %v", i, o.DeckIDs, wantIDs[i])
				break
			}
		}
	}
	if draw.Nickname != "G (draw-back)" || life.Nickname != "G (life-back)" || solo.Nickname != "solo" {
		t.Errorf("names %q, %q, %q", draw.Nickname, life.Nickname, solo.Nickname)
	}
	if solo.Name != "Card" || solo.CardID != 300 || len(solo.CustomDeck) != 1 {
		t.Errorf("solo: %s id %d sheets %v, want a lone Card 300", solo.Name, solo.CardID, solo.CustomDeck)
	}
	if !(draw.Transform.PosX < life.Transform.PosX && life.Transform.PosX < solo.Transform.PosX) {
		t.Errorf("objects at x %v, %v, %v: they overlap", draw.Transform.PosX, life.Transform.PosX, solo.Transform.PosX)
	}
	// each deck's back image is its own back
	backs := map[string]color.NRGBA{"1": {0, 0, 255, 255}, "2": {0, 255, 0, 255}, "3": {255, 255, 0, 255}}
	for _, o := range s.ObjectStates {
		for key, sh := range o.CustomDeck {
			if sh.UniqueBack {
				t.Errorf("sheet %s: unique backs, want one back image", key)
			}
			path := filepath.Join(dir, filepath.Base(sh.BackURL))
			if got := slotColour(decode(t, files, path), 1, 1, 0); got != backs[key] {
				t.Errorf("sheet %s: back %s is %v, want %v", key, path, got, backs[key])
			}
		}
	}
}

// TestURLPrefixAndObjectDir: with a URL prefix every image URL is the
// prefix and the image's file name; the saved object and its thumbnail go
// to the object folder, the images stay in theirs.
func TestURLPrefixAndObjectDir(t *testing.T) {
	dir, objDir := t.TempDir(), t.TempDir()
	job := prepared(t, "deck: T\nsize: 20x30mm\ntemplates: {f: {background: \"#ff0000\"}, b: {background: \"#0000ff\"}}\nfront: f\nback: b\ncards: [{name: a}, {name: b}]\n")
	files, sheets, err := Export(job, nil, Options{Dir: dir, Stem: "my deck", URLPrefix: "https://example.test/cards/", ObjectDir: objDir})
	if err != nil {
		t.Fatal(err)
	}
	if sheets[0].FaceURL != "https://example.test/cards/my%20deck-faces-1.png" || sheets[0].BackURL != "https://example.test/cards/my%20deck-back.png" {
		t.Errorf("URLs %q, %q", sheets[0].FaceURL, sheets[0].BackURL)
	}
	want := map[string]string{"my deck-faces-1.png": dir, "my deck-back.png": dir, "my deck.json": objDir, "my deck.png": objDir}
	if len(files) != len(want) {
		t.Errorf("%d files, want %d", len(files), len(want))
	}
	for _, f := range files {
		if d, ok := want[filepath.Base(f.Path)]; !ok || filepath.Dir(f.Path) != d {
			t.Errorf("file %s, want it in %s", f.Path, d)
		}
		if strings.HasSuffix(f.Path, ".json") && strings.Contains(string(f.Data), "file:") {
			t.Errorf("the saved object still points at files:\n%s", f.Data)
		}
	}
}

// TestThumbnail: a 256-pixel square PNG, the first card's front centred
// on transparency: a 20 × 30 mm card fills the height less 11 pixels top
// and bottom, so the middle is the front's red and the left and right
// edges are clear.
func TestThumbnail(t *testing.T) {
	dir := t.TempDir()
	job := prepared(t, "deck: T\nsize: 20x30mm\ntemplates: {f: {background: \"#ff0000\"}, b: {background: \"#0000ff\"}}\nfront: f\nback: b\ncards: [{name: a}]\n")
	files, _, err := Export(job, nil, Options{Dir: dir, Stem: "t"})
	if err != nil {
		t.Fatal(err)
	}
	img := decode(t, files, filepath.Join(dir, "t.png"))
	if b := img.Bounds(); b.Dx() != 256 || b.Dy() != 256 {
		t.Fatalf("thumbnail %v, want 256 × 256", b)
	}
	at := func(x, y int) color.NRGBA { return color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA) }
	if got := at(128, 128); got != (color.NRGBA{255, 0, 0, 255}) {
		t.Errorf("centre %v, want the front's red", got)
	}
	// 234 px high is 20/30 × 234 = 156 px wide: clear beyond 128 ± 78
	for _, p := range [][2]int{{2, 128}, {253, 128}, {128, 3}, {128, 252}} {
		if got := at(p[0], p[1]); got.A != 0 {
			t.Errorf("(%d, %d) is %v, want transparent", p[0], p[1], got)
		}
	}
	for _, p := range [][2]int{{128 - 70, 128}, {128 + 70, 128}, {128, 15}, {128, 240}} {
		if got := at(p[0], p[1]); got != (color.NRGBA{255, 0, 0, 255}) {
			t.Errorf("(%d, %d) is %v, want the card", p[0], p[1], got)
		}
	}
}

// TestRoundedCorners: a deck with corner-radius has its faces' corners
// cleared on the sheets (a 3 mm radius is 35 px at the sheet's 300 dpi,
// so the slot's corner pixel is transparent and one 12 px in from both
// edges, 32.5 px from the arc's centre, is not) and
// tells Tabletop Simulator its cards are rounded (Type 0); square cards
// are Type 1.
func TestRoundedCorners(t *testing.T) {
	for _, tt := range []struct {
		radius string
		typ    int
	}{{"3mm", 0}, {"0", 1}} {
		t.Run(tt.radius, func(t *testing.T) {
			dir := t.TempDir()
			job := prepared(t, "deck: T\nsize: 63.5x88.9mm\nprint: {corner-radius: "+tt.radius+"}\ntemplates: {f: {background: \"#ff0000\"}, b: {background: \"#0000ff\"}}\nfront: f\nback: b\ncards: [{name: a}]\n")
			files, sheets, err := Export(job, nil, Options{Dir: dir, Stem: "t"})
			if err != nil {
				t.Fatal(err)
			}
			img := decode(t, files, sheets[0].FaceFile)
			corner := color.NRGBAModel.Convert(img.At(0, 0)).(color.NRGBA)
			inside := color.NRGBAModel.Convert(img.At(12, 12)).(color.NRGBA)
			if rounded := tt.typ == 0; (corner.A == 0) != rounded || inside != (color.NRGBA{255, 0, 0, 255}) {
				t.Errorf("corner %v, 12 px in %v", corner, inside)
			}
			var s struct {
				ObjectStates []struct{ CustomDeck map[string]struct{ Type int } }
			}
			for _, f := range files {
				if strings.HasSuffix(f.Path, ".json") {
					if err := json.Unmarshal(f.Data, &s); err != nil {
						t.Fatal(err)
					}
				}
			}
			if got := s.ObjectStates[0].CustomDeck["1"].Type; got != tt.typ {
				t.Errorf("Type %d, want %d", got, tt.typ)
			}
		})
	}
}
