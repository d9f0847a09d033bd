package build

import (
	"fmt"
	"io/fs"
	"math"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/data"
	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/output"
	"github.com/deckpress/deckpress/output/arena"
	"github.com/deckpress/deckpress/templates/draw"
	"github.com/deckpress/deckpress/templates/rulestext"
	"github.com/deckpress/deckpress/templates/typeset"
)

// Print-safety rules of the built-in kits, stated independently of the
// templates: a copy shop cuts to within about 1 mm and a duplex printer
// shifts the back by as much, so nothing that must be read sits near the
// cut, and no card's colour may run into its neighbour's trim.
const (
	minTextPt    = 6.0  // smallest type a player reads
	safeMM       = 4.0  // text keeps this far inside the trim
	cornerMM     = 12.0 // a corner index lies within this of the top-left corner
	capHeightEms = 0.72 // height of digits and capitals, a fraction of the size
)

// kitProducts prepares every built-in kit as `deckpress build` does.
func kitProducts(t *testing.T) []Product {
	t.Helper()
	inputs, err := builtinInputs(filepath.Join(t.TempDir(), "out"))
	if err != nil {
		t.Fatal(err)
	}
	products, diags := prepare(inputs, nil, options{})
	if diags.HasErrors() {
		t.Fatalf("kits do not build: %v", diags)
	}
	return products
}

// textBox is the box a run of text covers, in face coordinates: from the
// font's ascent above the baseline to its descent below, as wide as the
// advance widths.
func textBox(op *draw.TextOp, ascent, descent float64) layout.Rect {
	em := op.Size * layout.MMPerPoint
	w := 0.0
	for _, r := range op.Text {
		a, _ := op.Font.Advance(r)
		w += a
	}
	return layout.Rect{X: op.X, Y: op.Y - ascent*em, W: w * em, H: (ascent + descent) * em}
}

// cardTrim is the trim box of a card layer, whose clip is its bleed box
// (trim grown by the bleed on every side).
func cardTrim(l draw.Layer) layout.Rect {
	return layout.Rect{W: l.Clip.W + 2*l.Clip.X, H: l.Clip.H + 2*l.Clip.Y}
}

func TestKitsTextSizeAndSafeMargin(t *testing.T) {
	for _, p := range kitProducts(t) {
		if p.doc == nil {
			continue
		}
		seen := map[string]bool{} // one report per text (digits aside) and file
		for n, page := range p.doc.All() {
			for _, l := range page.Layers {
				for _, o := range l.Face.Ops {
					op, ok := o.(*draw.TextOp)
					if !ok || strings.TrimSpace(op.Text) == "" {
						continue
					}
					where := fmt.Sprintf("%s page %d: %q", filepath.Base(p.Path), n+1, op.Text)
					key := strings.Map(noDigits, op.Text)
					if op.Size < minTextPt-1e-9 && !seen[key+"size"] {
						seen[key+"size"] = true
						t.Errorf("%s set at %.2f pt, below %.0f pt", where, op.Size, minTextPt)
					}
					if l.Clip == nil {
						continue // not a card: page labels, maps
					}
					f, ok := op.Font.(*typeset.Font)
					if !ok {
						t.Fatalf("%s: set in %T, not a TrueType face", where, op.Font)
					}
					trim, box := cardTrim(l), textBox(op, f.Ascent, f.Descent)
					if d := insideBy(box, trim); d < safeMM-0.05 && !seen[key+"safe"] {
						seen[key+"safe"] = true
						t.Errorf("%s lies %.2f mm inside the trim, want %.0f mm", where, d, safeMM)
					}
				}
			}
		}
	}
}

func noDigits(r rune) rune {
	if r >= '0' && r <= '9' {
		return -1
	}
	return r
}

// insideBy is how far box keeps inside trim on its closest side.
func insideBy(box, trim layout.Rect) float64 {
	return math.Min(math.Min(box.X-trim.X, box.Y-trim.Y), math.Min(trim.Right()-box.Right(), trim.Bottom()-box.Bottom()))
}

// TestKitsCardsDoNotAbut checks that no two cards on a sheet share a cut:
// their trim boxes on the page are apart by the bleed or the gutter, so a
// cut that misses by a hair shows the card's own colour or white paper,
// never the neighbour's.
func TestKitsCardsDoNotAbut(t *testing.T) {
	for _, p := range kitProducts(t) {
		if p.doc == nil || p.job == nil {
			continue // not cards: a map, a tuck box
		}
		for n, page := range p.doc.All() {
			var trims []layout.Rect
			for _, l := range page.Layers {
				if l.Clip == nil || page.Trim != nil {
					continue // not a card, or a page of one card
				}
				trims = append(trims, pageRect(l.Transform, cardTrim(l)))
			}
			for i := range trims {
				for j := i + 1; j < len(trims); j++ {
					if gap := rectGap(trims[i], trims[j]); gap < 1 {
						t.Errorf("%s page %d: cards %d and %d are %.2f mm apart at the cut, want bleed or gutter of at least 0.5 mm each", filepath.Base(p.Path), n+1, i+1, j+1, gap)
					}
				}
			}
		}
	}
}

// pageRect maps a face rectangle to the page, as the bounds of its corners.
func pageRect(m layout.Affine, r layout.Rect) layout.Rect {
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, c := range [][2]float64{{r.X, r.Y}, {r.Right(), r.Y}, {r.X, r.Bottom()}, {r.Right(), r.Bottom()}} {
		x, y := m.A*c[0]+m.C*c[1]+m.E, m.B*c[0]+m.D*c[1]+m.F
		x0, y0, x1, y1 = math.Min(x0, x), math.Min(y0, y), math.Max(x1, x), math.Max(y1, y)
	}
	return layout.Rect{X: x0, Y: y0, W: x1 - x0, H: y1 - y0}
}

// rectGap is the distance between two rectangles; 0 when they touch or
// overlap.
func rectGap(a, b layout.Rect) float64 {
	dx := math.Max(0, math.Max(b.X-a.Right(), a.X-b.Right()))
	dy := math.Max(0, math.Max(b.Y-a.Bottom(), a.Y-b.Bottom()))
	return math.Hypot(dx, dy)
}

// TestKitsCornerIndex checks that the cards held in a fan (Galaga's
// numbered cards, Slugfest's forces) show their value in the top-left
// corner: the digits, from baseline to cap height, lie within 12 mm of
// the corner.
func TestKitsCornerIndex(t *testing.T) {
	fields := map[string]string{"galaga/galaga.pdf": "value", "slugfest/": "force"}
	checked := 0
	for _, p := range kitProducts(t) {
		field := ""
		for prefix, f := range fields {
			if strings.Contains(filepath.ToSlash(p.Path), prefix) {
				field = f
			}
		}
		if field == "" || p.job == nil || strings.HasSuffix(p.Path, "rules.pdf") || strings.HasSuffix(p.Path, "-sheet.pdf") {
			continue
		}
		for i, c := range p.job.Deck.All() {
			v := c.Fields[field]
			if v == nil || v.Value == "" {
				continue
			}
			checked++
			if ok, boxes := cornerText(p.job.Face(i, layout.Front), v.Value); !ok {
				t.Errorf("%s: %s has no %s %q within %.0f mm of the top-left corner (found at %v)", filepath.Base(p.Path), c.Label(), field, v.Value, cornerMM, boxes)
			}
		}
	}
	if checked < 2*40+40 {
		t.Errorf("checked %d cards, want every numbered Galaga card and every Slugfest card", checked)
	}
}

// cornerText reports whether the face draws value in its corner index, and
// the boxes where it does draw it.
func cornerText(f *draw.Face, value string) (bool, []layout.Rect) {
	var boxes []layout.Rect
	for _, o := range f.Ops {
		op, ok := o.(*draw.TextOp)
		if !ok || strings.TrimSpace(op.Text) != value {
			continue
		}
		b := textBox(op, capHeightEms, 0)
		if b.X >= 0 && b.Y >= 0 && b.Right() <= cornerMM && b.Bottom() <= cornerMM {
			return true, nil
		}
		boxes = append(boxes, b)
	}
	return false, boxes
}

// TestAuditionComponents checks what the Audition setup needs: one
// first-player card, and each player's vote cards on one sheet, so that a
// set is cut from a single sheet.
func TestAuditionComponents(t *testing.T) {
	var job *output.DeckJob
	for _, p := range kitProducts(t) {
		if filepath.Base(p.Path) == "audition.pdf" {
			job = p.job
		}
	}
	if job == nil {
		t.Fatal("no audition deck")
	}
	perSheet := job.Plan.Cols * job.Plan.Rows
	first, sheetOf := 0, map[string]map[int]bool{}
	for n, entry := range job.Copies() {
		c := job.Deck.Card(entry)
		if c.Kind == "first-player" {
			first++
		}
		if pl := c.Fields["player"]; pl != nil {
			if sheetOf[pl.Value] == nil {
				sheetOf[pl.Value] = map[int]bool{}
			}
			sheetOf[pl.Value][n/perSheet] = true
		}
	}
	if first != 1 {
		t.Errorf("%d first-player cards, want 1", first)
	}
	if len(sheetOf) != 6 {
		t.Errorf("%d players' sets, want 6", len(sheetOf))
	}
	for player, sheets := range sheetOf {
		if len(sheets) != 1 {
			t.Errorf("player %s's cards lie on %d sheets, want 1", player, len(sheets))
		}
	}
}

// TestTokensFitHexes checks that the Gladiators hero tokens are as wide as
// the arena's hexes across flats (within 0.5 mm), measured on the token
// page: the drawn disc of every token, mapped onto the page.
func TestTokensFitHexes(t *testing.T) {
	src, err := fs.ReadFile(data.FS, "kits/gladiators/arena.yaml")
	if err != nil {
		t.Fatal(err)
	}
	root, _ := cards.Parse("arena.yaml", src)
	m, ds := arena.Read("arena.yaml", root)
	if m == nil || ds.HasErrors() {
		t.Fatalf("arena: %v", ds)
	}
	tokens := 0
	for _, p := range kitProducts(t) {
		if filepath.Base(p.Path) != "tokens.pdf" {
			continue
		}
		for _, page := range p.doc.All() {
			for _, l := range page.Layers {
				if l.Clip == nil {
					continue
				}
				disc := discOf(l.Face)
				if disc == nil {
					t.Fatal("a token without a disc")
				}
				tokens++
				r := pageRect(l.Transform, pathBounds(disc.Path))
				for _, d := range []float64{r.W, r.H} {
					if math.Abs(d-m.Grid.Size) > 0.5 {
						t.Errorf("token %d is %.2f mm across, the hexes %.2f mm", tokens, d, m.Grid.Size)
					}
				}
			}
		}
	}
	if tokens != 8 {
		t.Errorf("%d tokens, want one for each of the kit's 8 heroes", tokens)
	}
}

// discOf returns the token's disc: its first stroked and filled path.
func discOf(f *draw.Face) *draw.PathOp {
	for _, o := range f.Ops {
		if op, ok := o.(*draw.PathOp); ok && op.Stroke.Visible() && op.Fill.Visible() {
			return op
		}
	}
	return nil
}

// pathBounds is the box of a path's points; for a circle drawn with four
// cubic arcs the control points lie on that box too.
func pathBounds(p layout.Path) layout.Rect {
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, q := range p.Points {
		x0, y0, x1, y1 = math.Min(x0, q.X), math.Min(y0, q.Y), math.Max(x1, q.X), math.Max(y1, q.Y)
	}
	return layout.Rect{X: x0, Y: y0, W: x1 - x0, H: y1 - y0}
}

// TestKitRulesListComponents checks that every kit's rules say what is in
// the box, under a Components heading.
func TestKitRulesListComponents(t *testing.T) {
	for _, name := range []string{"audition/rules.yaml", "galaga/rules.yaml", "slugfest/rules.yaml", "gladiators/combat-rules.yaml"} {
		src, err := fs.ReadFile(data.FS, "kits/"+name)
		if err != nil {
			t.Fatal(err)
		}
		root, _ := cards.Parse(name, src)
		doc, ds := rulestext.Read(name, root)
		if doc == nil || ds.HasErrors() {
			t.Fatalf("%s: %v", name, ds)
		}
		found := false
		for _, b := range doc.Blocks {
			found = found || b.Heading == "Components"
		}
		if !found {
			t.Errorf("%s has no Components section", name)
		}
	}
}

// TestKitsCardFace: every text of the game kits' cards is set in the
// print text face, DejaVu Sans, and the face has every character: a
// character it lacked would come from the fallback face. Rules documents
// and tuck boxes keep the default face; the samples show other fonts on
// purpose.
func TestKitsCardFace(t *testing.T) {
	for _, p := range kitProducts(t) {
		if p.doc == nil || p.job == nil || strings.Contains(filepath.ToSlash(p.Path), "samples/") ||
			strings.HasSuffix(p.Path, "rules.pdf") || strings.HasSuffix(p.Path, "-sheet.pdf") {
			continue
		}
		seen := map[string]bool{}
		for n, page := range p.doc.All() {
			for _, l := range page.Layers {
				if l.Clip == nil {
					continue // not a card
				}
				for _, o := range l.Face.Ops {
					op, ok := o.(*draw.TextOp)
					if !ok || strings.TrimSpace(op.Text) == "" {
						continue
					}
					f, ok := op.Font.(*typeset.Font)
					if !ok {
						t.Fatalf("%s page %d: %q set in %T", filepath.Base(p.Path), n+1, op.Text, op.Font)
					}
					if id := f.ID(); !strings.HasPrefix(id, "dejavu-") && !seen[op.Text] {
						seen[op.Text] = true
						t.Errorf("%s page %d: %q set in %s, want DejaVu Sans", filepath.Base(p.Path), n+1, op.Text, id)
					}
					for _, r := range op.Text {
						if !f.Has(r) && !seen[string(r)] {
							seen[string(r)] = true
							t.Errorf("%s page %d: %s lacks %q (U+%04X)", filepath.Base(p.Path), n+1, f.ID(), r, r)
						}
					}
				}
			}
		}
	}
}

// rangeOrMinus finds a hyphen-minus where typography wants an en dash
// (a range, "1-5") or a minus sign (a negative number, "-1").
var rangeOrMinus = regexp.MustCompile(`\d ?- ?\d|(^|[\s(/])-\d`)

// TestKitsDashes: the kits print ranges with an en dash and negative
// numbers with a minus sign, never a hyphen.
func TestKitsDashes(t *testing.T) {
	for _, p := range kitProducts(t) {
		if p.doc == nil {
			continue
		}
		seen := map[string]bool{}
		for n, page := range p.doc.All() {
			for _, l := range page.Layers {
				var line strings.Builder // the runs of a layer, one text
				for _, o := range l.Face.Ops {
					if op, ok := o.(*draw.TextOp); ok {
						line.WriteString(op.Text)
						line.WriteByte(' ')
					}
				}
				for _, m := range rangeOrMinus.FindAllStringIndex(line.String(), -1) {
					s := line.String()
					ctx := s[max(0, m[0]-20):min(len(s), m[1]+20)]
					if !seen[ctx] {
						seen[ctx] = true
						t.Errorf("%s page %d: a hyphen for a range or a minus: %q", filepath.Base(p.Path), n+1, ctx)
					}
				}
			}
		}
	}
}
