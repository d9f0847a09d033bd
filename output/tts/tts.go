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

// Export renders a deck for Tabletop Simulator into dir, naming files
// after stem. It returns the files to write and the sheets.
func Export(job *output.DeckJob, names []string, dir, stem string) ([]output.File, []Sheet, error) {
	trim := layout.Rect{W: job.Plan.Card.W, H: job.Plan.Card.H}
	n := job.Entries()
	if n == 0 {
		return nil, nil, fmt.Errorf("the deck has no cards")
	}
	// the backs: one image when they are all alike
	backs := make([]image.Image, n)
	same := true
	var first [32]byte
	for i := 0; i < n; i++ {
		backs[i] = png.Face(job.Face(i, layout.Back), trim, 72)
		sum := sha256.Sum256(backs[i].(*image.RGBA).Pix)
		if i == 0 {
			first = sum
		} else if sum != first {
			same = false
		}
	}
	var files []output.File
	var sheets []Sheet
	var singleBack string
	for s := 0; s*PerSheet < n; s++ {
		lo, hi := s*PerSheet, min((s+1)*PerSheet, n)
		count := hi - lo
		cols := min(MaxCols, count+1)
		rows := (count + 1 + cols - 1) / cols
		dpi := math.Min(maxDPI, math.Min(MaxPixel/(float64(cols)*trim.W/layout.MMPerInch), MaxPixel/(float64(rows)*trim.H/layout.MMPerInch)))
		fw, fh := pixels(trim.W, dpi), pixels(trim.H, dpi)
		sh := Sheet{Cards: count, Cols: cols, Rows: rows, Width: cols * fw, Height: rows * fh}
		faces := image.NewRGBA(image.Rect(0, 0, sh.Width, sh.Height))
		backSheet := image.NewRGBA(image.Rect(0, 0, sh.Width, sh.Height))
		hidden := png.Face(job.Face(lo, layout.Back), trim, dpi)
		for k := 0; k <= count; k++ {
			at := image.Pt((k%cols)*fw, (k/cols)*fh)
			if k == count { // the last slot: the hidden-card image
				at = image.Pt((cols-1)*fw, (rows-1)*fh)
				draw.Draw(faces, image.Rectangle{Min: at, Max: at.Add(image.Pt(fw, fh))}, hidden, hidden.Bounds().Min, draw.Src)
				continue
			}
			f := png.Face(job.Face(lo+k, layout.Front), trim, dpi)
			draw.Draw(faces, image.Rectangle{Min: at, Max: at.Add(image.Pt(fw, fh))}, f, f.Bounds().Min, draw.Src)
			if !same {
				b := png.Face(job.Face(lo+k, layout.Back), trim, dpi)
				draw.Draw(backSheet, image.Rectangle{Min: at, Max: at.Add(image.Pt(fw, fh))}, b, b.Bounds().Min, draw.Src)
			}
		}
		sh.FaceFile = filepath.Join(dir, fmt.Sprintf("%s-faces-%d.png", stem, s+1))
		data, err := png.Encode(faces)
		if err != nil {
			return nil, nil, err
		}
		files = append(files, output.File{Path: sh.FaceFile, Data: data})
		if same {
			if singleBack == "" {
				singleBack = filepath.Join(dir, stem+"-back.png")
				b := png.Face(job.Face(0, layout.Back), trim, dpi)
				data, err := png.Encode(b)
				if err != nil {
					return nil, nil, err
				}
				files = append(files, output.File{Path: singleBack, Data: data})
			}
			sh.BackFile = singleBack
		} else {
			sh.BackFile = filepath.Join(dir, fmt.Sprintf("%s-backs-%d.png", stem, s+1))
			data, err := png.Encode(backSheet)
			if err != nil {
				return nil, nil, err
			}
			files = append(files, output.File{Path: sh.BackFile, Data: data})
			sh.UniqueBack = true
		}
		sh.FaceURL, sh.BackURL = fileURI(sh.FaceFile), fileURI(sh.BackFile)
		sheets = append(sheets, sh)
	}
	obj := savedObject(job, names, sheets)
	data, err := json.MarshalIndent(obj, "", "  ")
	if err != nil {
		return nil, nil, err
	}
	files = append(files, output.File{Path: filepath.Join(dir, stem+".json"), Data: append(data, '\n')})
	return files, sheets, nil
}

func pixels(mm, dpi float64) int { return max(1, int(math.Floor(mm/layout.MMPerInch*dpi))) }

// fileURI turns an absolute path into a file:// URI.
func fileURI(p string) string {
	abs, err := filepath.Abs(p)
	if err != nil {
		abs = p
	}
	u := url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}
	return u.String()
}

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

// savedObject builds the deck object: one card object per printed copy,
// CardID = sheet key × 100 + slot.
func savedObject(job *output.DeckJob, names []string, sheets []Sheet) save {
	decks := map[string]customDeck{}
	for i, s := range sheets {
		decks[strconv.Itoa(i+1)] = customDeck{FaceURL: s.FaceURL, BackURL: s.BackURL, NumWidth: s.Cols, NumHeight: s.Rows, UniqueBack: s.UniqueBack}
	}
	deck := object{Name: "DeckCustom", Nickname: job.Deck.Name, Transform: upright(), HideWhenFaceDown: true,
		SidewaysCard: job.Plan.Card.W > job.Plan.Card.H, CustomDeck: decks}
	for _, entry := range job.Copies() {
		key := entry/PerSheet + 1
		id := key*100 + entry%PerSheet
		name := ""
		if entry < len(names) {
			name = names[entry]
		}
		card := object{Name: "Card", Nickname: name, Transform: upright(), CardID: id, HideWhenFaceDown: true,
			SidewaysCard: deck.SidewaysCard, CustomDeck: map[string]customDeck{strconv.Itoa(key): decks[strconv.Itoa(key)]}}
		deck.DeckIDs = append(deck.DeckIDs, id)
		deck.ContainedObjects = append(deck.ContainedObjects, card)
	}
	return save{ObjectStates: []object{deck}}
}

func upright() transform {
	return transform{PosY: 1, RotY: 180, RotZ: 180, ScaleX: 1, ScaleY: 1, ScaleZ: 1}
}

// CardNames returns a name per card entry for the saved object: its name
// or title field.
func CardNames(d *cards.Deck) []string {
	out := make([]string, len(d.Cards))
	for i, c := range d.Cards {
		for _, k := range []string{"name", "title"} {
			if v := c.Fields[k]; v != nil && v.Kind == cards.ScalarNode && out[i] == "" {
				out[i] = v.Value
			}
		}
	}
	return out
}
