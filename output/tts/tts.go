// Package tts exports a deck to Tabletop Simulator: sheets of card faces
// (at most 10 × 7 slots and 4096 pixels a side, the last slot of each
// sheet holding the hidden-card image), the backs (one image when every
// back is the same, else sheets like the faces), and a saved object whose
// CustomDeck entries point at those images by file URI.
package tts

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"image"
	"image/draw"
	"math"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/output"
	"github.com/deckpress/deckpress/output/png"
)

// Limits of Tabletop Simulator's deck sheets.
const (
	MaxCols  = 10
	MaxRows  = 7
	MaxPixel = 4096
	PerSheet = MaxCols*MaxRows - 1 // the last slot is the hidden-card image
	maxDPI   = 300.0
)

// Sheet describes one sheet of faces.
type Sheet struct {
	Key        int // its CustomDeck key, from 1 across the saved object
	Group      int // the TTS deck it belongs to (0-based): one per back template
	Cards      int // card faces on it
	Cols       int
	Rows       int
	Width      int // pixels
	Height     int
	FaceURL    string
	BackURL    string
	FaceFile   string
	BackFile   string
	UniqueBack bool
}

// Options say where an export's files go and how the saved object finds
// its images.
type Options struct {
	Dir  string // the folder of the sheet images
	Stem string // names the files: <stem>-faces-1.png, <stem>.json
	// URLPrefix, when set, is where the images will be hosted: each URL
	// is the prefix and the image's file name, so that every player's
	// Tabletop Simulator can load them. Otherwise the URLs are file URIs
	// of the images in Dir, which load only on this machine.
	URLPrefix string
	// ObjectDir is the folder of the saved object and its thumbnail (such
	// as Tabletop Simulator's Saves/Saved Objects); "" means Dir.
	ObjectDir string
}

// ThumbnailSize is the side of the square thumbnail PNG written beside
// the saved object, which Tabletop Simulator shows in its Saved Objects
// browser; the first card's front fills its height less a margin.
const (
	ThumbnailSize   = 256
	thumbnailMargin = 11
)

// group is the card entries that share a back template: one TTS deck.
type group struct {
	back    string // the back template
	entries []int  // card entries, in deck order
}

// groups splits a deck's card entries by back template, in order of first
// use: Galaga's life cards, with their own back, are a deck of their own.
func groups(job *output.DeckJob) []group {
	var gs []group
	at := map[string]int{}
	for i := range job.Entries() {
		name := job.Deck.Back.Template
		if i < job.Deck.Len() {
			if back := job.Deck.Card(i).Back.Template; back != "" {
				name = back
			}
		}
		k, ok := at[name]
		if !ok {
			k = len(gs)
			at[name] = k
			gs = append(gs, group{back: name})
		}
		gs[k].entries = append(gs[k].entries, i)
	}
	return gs
}

// Export renders a deck for Tabletop Simulator: a deck object per back
// template, each with its sheets of faces and its backs. It returns the
// files to write and the sheets.
func Export(job *output.DeckJob, names []string, opts Options) ([]output.File, []Sheet, error) {
	if job.Entries() == 0 {
		return nil, nil, fmt.Errorf("the deck has no cards")
	}
	objDir := opts.ObjectDir
	if objDir == "" {
		objDir = opts.Dir
	}
	gs := groups(job)
	x := exporter{job: job, opts: opts, several: len(gs) > 1}
	for g := range gs {
		if err := x.group(g, gs[g].entries); err != nil {
			return nil, nil, err
		}
	}
	obj := savedObject(job, names, gs, x.sheets)
	data, err := json.MarshalIndent(obj, "", "  ")
	if err != nil {
		return nil, nil, err
	}
	x.files = append(x.files, output.File{Path: filepath.Join(objDir, opts.Stem+".json"), Data: append(data, '\n')})
	thumb, err := png.Encode(thumbnail(job))
	if err != nil {
		return nil, nil, err
	}
	x.files = append(x.files, output.File{Path: filepath.Join(objDir, opts.Stem+".png"), Data: thumb})
	return x.files, x.sheets, nil
}

// exporter collects the files and sheets of an export.
type exporter struct {
	job     *output.DeckJob
	opts    Options
	several bool // more than one group: back images are numbered
	files   []output.File
	sheets  []Sheet
}

// face renders a card face the size of its trim box, rounded when the
// deck's corners are.
func (x *exporter) face(entry int, side layout.Side, dpi float64) image.Image {
	return trimFace(x.job, entry, side, dpi)
}

// trimFace renders a face the size of its trim box, its corners rounded by
// the deck's corner-radius.
func trimFace(job *output.DeckJob, entry int, side layout.Side, dpi float64) image.Image {
	img := png.Face(job.Face(entry, side), layout.Rect{W: job.Plan.Card.W, H: job.Plan.Card.H}, dpi)
	if rgba, ok := img.(*image.RGBA); ok && job.Plan.CornerRadius > 0 {
		png.RoundCorners(rgba, job.Plan.CornerRadius/layout.MMPerInch*dpi)
	}
	return img
}

// group renders the sheets of group g's entries.
func (x *exporter) group(g int, entries []int) error {
	card := x.job.Plan.Card
	n := len(entries)
	// the backs: one image when they are all alike
	same := true
	var first [32]byte
	for k, e := range entries {
		sum := sha256.Sum256(x.face(e, layout.Back, 72).(*image.RGBA).Pix)
		if k == 0 {
			first = sum
		} else if sum != first {
			same = false
		}
	}
	singleBack := ""
	for s := 0; s*PerSheet < n; s++ {
		lo, hi := s*PerSheet, min((s+1)*PerSheet, n)
		count := hi - lo
		cols := min(MaxCols, count+1)
		rows := (count + 1 + cols - 1) / cols
		dpi := math.Min(maxDPI, math.Min(MaxPixel/(float64(cols)*card.W/layout.MMPerInch), MaxPixel/(float64(rows)*card.H/layout.MMPerInch)))
		fw, fh := pixels(card.W, dpi), pixels(card.H, dpi)
		sh := Sheet{Key: len(x.sheets) + 1, Group: g, Cards: count, Cols: cols, Rows: rows, Width: cols * fw, Height: rows * fh}
		faces := image.NewRGBA(image.Rect(0, 0, sh.Width, sh.Height))
		backSheet := image.NewRGBA(image.Rect(0, 0, sh.Width, sh.Height))
		put := func(dst *image.RGBA, at image.Point, img image.Image) {
			draw.Draw(dst, image.Rectangle{Min: at, Max: at.Add(image.Pt(fw, fh))}, img, img.Bounds().Min, draw.Src)
		}
		// the last slot: the hidden-card image
		put(faces, image.Pt((cols-1)*fw, (rows-1)*fh), x.face(entries[lo], layout.Back, dpi))
		for k := range count {
			at := image.Pt((k%cols)*fw, (k/cols)*fh)
			put(faces, at, x.face(entries[lo+k], layout.Front, dpi))
			if !same {
				put(backSheet, at, x.face(entries[lo+k], layout.Back, dpi))
			}
		}
		sh.FaceFile = filepath.Join(x.opts.Dir, fmt.Sprintf("%s-faces-%d.png", x.opts.Stem, sh.Key))
		if err := x.add(sh.FaceFile, faces); err != nil {
			return err
		}
		switch {
		case !same:
			sh.BackFile = filepath.Join(x.opts.Dir, fmt.Sprintf("%s-backs-%d.png", x.opts.Stem, sh.Key))
			if err := x.add(sh.BackFile, backSheet); err != nil {
				return err
			}
			sh.UniqueBack = true
		case singleBack == "":
			name := x.opts.Stem + "-back.png"
			if x.several {
				name = fmt.Sprintf("%s-back-%d.png", x.opts.Stem, g+1)
			}
			singleBack = filepath.Join(x.opts.Dir, name)
			if err := x.add(singleBack, x.face(entries[0], layout.Back, dpi)); err != nil {
				return err
			}
			fallthrough
		default:
			sh.BackFile = singleBack
		}
		sh.FaceURL, sh.BackURL = x.url(sh.FaceFile), x.url(sh.BackFile)
		x.sheets = append(x.sheets, sh)
	}
	return nil
}

func (x *exporter) add(path string, img image.Image) error {
	data, err := png.Encode(img)
	if err != nil {
		return err
	}
	x.files = append(x.files, output.File{Path: path, Data: data})
	return nil
}

// url is where Tabletop Simulator loads an image written to path from.
func (x *exporter) url(path string) string {
	if x.opts.URLPrefix != "" {
		return x.opts.URLPrefix + url.PathEscape(filepath.Base(path))
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	return FileURI(abs)
}

// CheckURLPrefix checks a --url-prefix: an http or https URL with a host,
// and returns it ending in a slash, ready for file names.
func CheckURLPrefix(prefix string) (string, error) {
	u, err := url.Parse(prefix)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" {
		return "", fmt.Errorf("%q is not a folder's http or https URL, such as https://example.com/cards/", prefix)
	}
	if !strings.HasSuffix(prefix, "/") {
		prefix += "/"
	}
	return prefix, nil
}

// thumbnail is the saved object's picture: the first card's front on a
// transparent square.
func thumbnail(job *output.DeckJob) image.Image {
	card := job.Plan.Card
	inner := float64(ThumbnailSize - 2*thumbnailMargin)
	dpi := math.Min(inner/(card.H/layout.MMPerInch), inner/(card.W/layout.MMPerInch))
	face := trimFace(job, 0, layout.Front, dpi)
	out := image.NewNRGBA(image.Rect(0, 0, ThumbnailSize, ThumbnailSize))
	b := face.Bounds()
	at := image.Pt((ThumbnailSize-b.Dx())/2, (ThumbnailSize-b.Dy())/2)
	draw.Draw(out, b.Sub(b.Min).Add(at), face, b.Min, draw.Over)
	return out
}

func pixels(mm, dpi float64) int { return max(1, int(math.Floor(mm/layout.MMPerInch*dpi))) }

// FileURI turns an absolute path into a file URI, for the system the path
// is written for whatever system runs: a Windows path with a drive letter
// (C:\Users\a b\x.png) becomes file:///C:/Users/a%20b/x.png, a Windows
// share (\\host\share\x.png) file://host/share/x.png, and a POSIX path
// (/home/a b/x.png) file:///home/a%20b/x.png.
func FileURI(abs string) string {
	switch {
	case len(abs) >= 3 && abs[1] == ':' && (abs[2] == '\\' || abs[2] == '/') && isLetter(abs[0]):
		return (&url.URL{Scheme: "file", Path: "/" + strings.ReplaceAll(abs, `\`, "/")}).String()
	case strings.HasPrefix(abs, `\\`):
		host, rest, _ := strings.Cut(strings.ReplaceAll(abs[2:], `\`, "/"), "/")
		return (&url.URL{Scheme: "file", Host: host, Path: "/" + rest}).String()
	}
	return (&url.URL{Scheme: "file", Path: abs}).String()
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// The saved-object format of Tabletop Simulator, as far as a deck needs it.
type (
	save struct {
		SaveName     string   `json:"SaveName"`
		ObjectStates []object `json:"ObjectStates"`
	}
	object struct {
		Name             string                `json:"Name"`
		Nickname         string                `json:"Nickname"`
		Transform        transform             `json:"Transform"`
		SidewaysCard     bool                  `json:"SidewaysCard"`
		HideWhenFaceDown bool                  `json:"HideWhenFaceDown"`
		CardID           int                   `json:"CardID,omitempty"`
		DeckIDs          []int                 `json:"DeckIDs,omitempty"`
		CustomDeck       map[string]customDeck `json:"CustomDeck"`
		ContainedObjects []object              `json:"ContainedObjects,omitempty"`
	}
	transform struct {
		PosX   float64 `json:"posX"`
		PosY   float64 `json:"posY"`
		PosZ   float64 `json:"posZ"`
		RotX   float64 `json:"rotX"`
		RotY   float64 `json:"rotY"`
		RotZ   float64 `json:"rotZ"`
		ScaleX float64 `json:"scaleX"`
		ScaleY float64 `json:"scaleY"`
		ScaleZ float64 `json:"scaleZ"`
	}
	customDeck struct {
		FaceURL      string `json:"FaceURL"`
		BackURL      string `json:"BackURL"`
		NumWidth     int    `json:"NumWidth"`
		NumHeight    int    `json:"NumHeight"`
		BackIsHidden bool   `json:"BackIsHidden"`
		UniqueBack   bool   `json:"UniqueBack"`
		Type         int    `json:"Type"`
	}
)

// savedObject builds the saved object: a deck object per group, side by
// side, with one card object per printed copy (CardID = sheet key × 100 +
// slot); a group of one printed card is a card object alone, as Tabletop
// Simulator saves a single card.
func savedObject(job *output.DeckJob, names []string, gs []group, sheets []Sheet) save {
	decks := map[int]customDeck{}
	for _, s := range sheets {
		decks[s.Key] = customDeck{FaceURL: s.FaceURL, BackURL: s.BackURL, NumWidth: s.Cols, NumHeight: s.Rows,
			UniqueBack: s.UniqueBack, Type: cardType(job)}
	}
	sideways := job.Plan.Card.W > job.Plan.Card.H
	var out save
	for g, gr := range gs {
		// the sheet of each of the group's entries, and its slot
		key, slot := map[int]int{}, map[int]int{}
		for _, s := range sheets {
			if s.Group != g {
				continue
			}
			first := 0
			for _, t := range sheets {
				if t.Group == g && t.Key < s.Key {
					first += t.Cards
				}
			}
			for k := range s.Cards {
				key[gr.entries[first+k]], slot[gr.entries[first+k]] = s.Key, k
			}
		}
		nick := job.Deck.Name
		if len(gs) > 1 {
			nick += " (" + gr.back + ")"
		}
		tr := upright()
		tr.PosX = float64(g) * 3
		deck := object{Name: "DeckCustom", Nickname: nick, Transform: tr, HideWhenFaceDown: true,
			SidewaysCard: sideways, CustomDeck: map[string]customDeck{}}
		for _, entry := range job.Copies() {
			k, ok := key[entry]
			if !ok {
				continue
			}
			id := k*100 + slot[entry]
			name := ""
			if entry < len(names) {
				name = names[entry]
			}
			deck.CustomDeck[strconv.Itoa(k)] = decks[k]
			card := object{Name: "Card", Nickname: name, Transform: tr, CardID: id, HideWhenFaceDown: true,
				SidewaysCard: sideways, CustomDeck: map[string]customDeck{strconv.Itoa(k): decks[k]}}
			deck.DeckIDs = append(deck.DeckIDs, id)
			deck.ContainedObjects = append(deck.ContainedObjects, card)
		}
		// every sheet of the group, even one whose cards are all left out
		for _, s := range sheets {
			if s.Group == g {
				deck.CustomDeck[strconv.Itoa(s.Key)] = decks[s.Key]
			}
		}
		switch len(deck.ContainedObjects) {
		case 0:
		case 1:
			out.ObjectStates = append(out.ObjectStates, deck.ContainedObjects[0])
		default:
			out.ObjectStates = append(out.ObjectStates, deck)
		}
	}
	return out
}

// cardType is the card's shape in Tabletop Simulator: 0, a rectangle with
// rounded corners, for a deck with corner-radius; else 1, a rectangle.
func cardType(job *output.DeckJob) int {
	if job.Plan.CornerRadius > 0 {
		return 0
	}
	return 1
}

func upright() transform {
	return transform{PosY: 1, RotY: 180, RotZ: 180, ScaleX: 1, ScaleY: 1, ScaleZ: 1}
}

// CardNames returns a name per card entry for the saved object: its name
// or title field.
func CardNames(d *cards.Deck) []string {
	out := make([]string, d.Len())
	for i, c := range d.All() {
		for _, k := range []string{"name", "title"} {
			if v := c.Fields[k]; v != nil && v.Kind == cards.ScalarNode && out[i] == "" {
				out[i] = v.Value
			}
		}
	}
	return out
}
