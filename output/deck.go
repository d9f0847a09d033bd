package output

import (
	"fmt"
	"runtime"
	"sort"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/templates"
	"github.com/deckpress/deckpress/templates/draw"
	"github.com/deckpress/deckpress/templates/typeset"
)

// DeckOptions say how to prepare a deck.
type DeckOptions struct {
	// Print overrides the deck's print settings (command-line flags).
	Print PrintOptions
	// Files reads what the deck names: CSV data, template files, images,
	// fonts.
	Files cards.Files
	// Builtin are the built-in template files, available by name to every
	// deck.
	Builtin []templates.Source
	// FillPage makes every card a whole page of the paper (character
	// sheets, score pads): no margin, marks, bleed or backs. A deck asks
	// for it with `size: page`.
	FillPage bool
}

// DeckJob is a deck ready to print: every card's faces rendered (and
// checked) and the copies imposed. The faces are kept, in card order,
// while they add up to [keptFaces] bytes; the faces of the cards beyond
// are laid out again when a page needs them, so that a deck of any size
// is written in the same memory.
type DeckJob struct {
	Deck *cards.Deck
	Plan layout.Plan
	// Backs is false when the deck has no back template at all; only
	// fronts are printed then.
	Backs bool
	// Fill is true when every card is a whole page (size: page).
	Fill bool

	faces   []draw.Pair     // per card entry; a nil front: not kept
	keptAll bool            // every face is kept
	picked  []cardTemplates // per card entry, to lay out faces not kept
	copies  []int           // the card entry of each printed copy
	lib     *templates.Library
}

// keptFaces is how many bytes of laid-out faces a deck job keeps: some
// three thousand cards of a title and two numbers, a thousand with ten
// lines of text and a picture.
var keptFaces = 4 << 20

// renderBatch is how many cards are drawn at once while a deck is
// checked.
const renderBatch = 1024

// cardTemplates are the templates a card's two faces are drawn with.
type cardTemplates struct{ front, back *templates.Template }

// Entries returns the number of card entries of the deck (copies not
// counted).
func (j *DeckJob) Entries() int { return len(j.faces) }

// Face returns the front or back face of card entry i (0-based).
func (j *DeckJob) Face(i int, side layout.Side) *draw.Face { return j.pair(i).Side(side) }

// pair returns card entry i's faces, laid out again when not kept.
func (j *DeckJob) pair(i int) draw.Pair {
	if f := j.faces[i]; f.Front != nil {
		return f
	}
	r := renderedCard{card: j.Deck.Card(i), cardTemplates: j.picked[i]}
	r.render(j.lib, j.Deck)
	return r.faces
}

// Copies returns the card entry of each printed copy, in order.
func (j *DeckJob) Copies() []int { return j.copies }

// Cards returns the number of printed cards, copies counted.
func (j *DeckJob) Cards() int { return len(j.copies) }

// Sheets returns the number of sheets (or, for single pages, cards).
func (j *DeckJob) Sheets() int { return j.Plan.Sheets(len(j.copies)) }

// PrepareDeck resolves, checks and renders a loaded deck and returns
// every problem found; the job is nil when the deck cannot be printed.
func PrepareDeck(deck *cards.Deck, opts DeckOptions) (*DeckJob, cards.Diagnostics) {
	res, diags := Resolve(deck.Size, deck.Print, opts)
	size, settings, fill, sizeOK := res.Size, res.Settings, res.Fill, res.OK
	lib, ds := templates.Load(deck, size, settings.Bleed, opts.Files, opts.Builtin)
	lib.Safe, lib.CornerRadius = settings.Safe, settings.CornerRadius
	diags = diags.Extend(ds)

	job := &DeckJob{Deck: deck, Backs: deck.Back.Template != "", Fill: fill, lib: lib}
	printed := 0
	for _, c := range deck.All() {
		job.Backs = job.Backs || c.Back.Template != ""
		printed += c.Count
	}
	if printed > cards.MaxCards {
		// refused before a face is drawn or a copy listed: the work
		// would be the deck's size, not its file's
		diags.Errorf(deck.Pos, "deck holds %d cards; the limit is %d", printed, cards.MaxCards)
		return nil, diags
	}
	if !job.Backs && settings.Duplex != layout.DuplexNone && deck.Len() > 0 && !fill {
		diags.Warnf(deck.Pos, "the deck has no back template; only fronts are printed")
	}
	if !job.Backs {
		settings.Duplex = layout.DuplexNone
	}
	if sizeOK {
		ds = job.impose(size, settings, deck)
		diags = diags.Extend(ds)
		sizeOK = !ds.HasErrors()
	}

	front := lib.Lookup(deck.Front.Template)
	back := lib.Lookup(deck.Back.Template)
	diags = diags.Extend(checkDefault(lib, deck.Front, "front"))
	diags = diags.Extend(checkDefault(lib, deck.Back, "back"))
	noFront, kept := 0, 0
	job.faces = make([]draw.Pair, deck.Len())
	job.picked = make([]cardTemplates, deck.Len())
	// a batch of cards at a time, so that the faces not kept are let go
	// before the next are drawn
	batch := make([]renderedCard, min(deck.Len(), renderBatch))
	for from := 0; from < deck.Len(); from += len(batch) {
		rendered := batch[:min(len(batch), deck.Len()-from)]
		// each card's templates picked and faces drawn on every core,
		// then taken in card order
		parallel(len(rendered), func(i int) {
			c, r := deck.Card(from+i), &rendered[i]
			*r = renderedCard{card: c}
			var ds cards.Diagnostics
			r.front, ds = pickTemplate(lib, c.Front, front)
			r.diags = r.diags.Extend(ds)
			r.back, ds = pickTemplate(lib, c.Back, back)
			r.diags = r.diags.Extend(ds)
			r.picked = len(r.diags)
			r.render(lib, deck)
			r.footprint = r.faces.Front.Footprint() + r.faces.Back.Footprint()
		})
		for i, r := range rendered {
			diags = diags.Extend(r.diags[:r.picked])
			if c := r.card; deck.Front.Template == "" && c.Front.Template == "" {
				if noFront++; noFront == 1 {
					diags.Errorf(c.Pos, "%s has no front template; set front: at the top of the deck (for every card) or on the card", c.Label())
				}
			}
			diags = diags.Extend(r.diags[r.picked:])
			if kept += r.footprint; kept <= keptFaces {
				job.faces[from+i] = r.faces
			}
			job.picked[from+i] = r.cardTemplates
			for range r.card.Count {
				job.copies = append(job.copies, from+i)
			}
		}
	}
	job.keptAll = kept <= keptFaces
	if err := lib.Images.Finish(); err != nil {
		diags.Errorf(deck.Pos, "pictures: %v", err)
	}
	diags = diags.Extend(checkReservedTypos(lib, deck))
	if !sizeOK || diags.HasErrors() {
		return nil, diags
	}
	return job, diags
}

// renderedCard is a card with its templates, and then its faces and the
// problems found drawing them.
type renderedCard struct {
	card *cards.Card
	cardTemplates
	faces     draw.Pair
	footprint int // of the faces, in bytes
	diags     cards.Diagnostics
	picked    int // the diagnostics of picking the templates, before those of drawing
}

// render draws the card's faces with its templates.
func (r *renderedCard) render(lib *templates.Library, deck *cards.Deck) {
	c := r.card
	var ds cards.Diagnostics
	if r.front != nil {
		r.faces.Front, ds = lib.Render(r.front, side(deck, c, &c.Front, "front"))
		r.diags = r.diags.Extend(ds)
	}
	if r.back != nil {
		r.faces.Back, ds = lib.Render(r.back, side(deck, c, &c.Back, "back"))
		r.diags = r.diags.Extend(ds)
	}
	if r.faces.Back == nil {
		r.faces.Back = &draw.Face{}
	}
}

// parallel calls do(i) for every i below n, on all cores: each worker
// takes the next i from a counter, so that handing out work wakes no
// goroutine.
func parallel(n int, do func(i int)) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), n) {
		wg.Go(func() {
			for i := int(next.Add(1)) - 1; i < n; i = int(next.Add(1)) - 1 {
				do(i)
			}
		})
	}
	wg.Wait()
}

// checkReservedTypos reports card fields that no template uses and whose
// names are near a reserved key: "cuont: 2" is a misspelt count, not a field.
func checkReservedTypos(lib *templates.Library, deck *cards.Deck) cards.Diagnostics {
	var diags cards.Diagnostics
	for _, c := range deck.All() {
		names := make([]string, 0, len(c.Fields))
		for f := range c.Fields {
			names = append(names, f)
		}
		sort.Strings(names)
		for _, f := range names {
			if lib.FieldUsed(f) {
				continue
			}
			if near := cards.Suggest(f, cards.CardShape.Keys()); near != "" {
				diags.Errorf(c.Fields[f].Pos, "%s: %q is not a key, and no template uses it as a field; did you mean %q?", c.Label(), f, near)
			}
		}
	}
	return diags
}

// Resolved is a deck's card size and print settings.
type Resolved struct {
	Size     layout.Size
	Settings layout.Settings
	Fill     bool // every card is a whole page
	OK       bool // false: the deck's size is wrong, and Size is poker's
}

// Resolve returns the card size and the print settings: flags over the
// deck's print block over the defaults. A whole-page deck (opts.FillPage,
// or `size: page`) takes the paper's size, with no margin, marks, bleed or
// backs. When the deck's size is wrong (not OK), the size is the default,
// poker, so that templates can still be checked against something.
func Resolve(sizeNode *cards.Node, p cards.Print, opts DeckOptions) (Resolved, cards.Diagnostics) {
	size, ok := layout.Size{W: 63.5, H: 88.9}, true
	own, diags := ReadPrint(p)
	settings := opts.Print.Over(own).Settings()
	fill := opts.FillPage || sizeNode != nil && sizeNode.Kind == cards.ScalarNode && sizeNode.Value == "page"
	switch {
	case fill:
		size = layout.Size{W: min(settings.Paper.W, settings.Paper.H), H: max(settings.Paper.W, settings.Paper.H)}
		settings.Orientation, settings.Duplex, settings.Marks, settings.Rotate = layout.Portrait, layout.DuplexNone, layout.MarksNone, false
		settings.Margin, settings.Gutter, settings.Bleed = 0, 0, 0
		// a page is not cut: no safe zone, no rounded corners
		settings.Safe, settings.CornerRadius = 0, 0
	case sizeNode != nil:
		read, readOK, ds := readSize(sizeNode, "size")
		diags = diags.Extend(ds)
		if readOK {
			size = read
		} else {
			ok = false
		}
	}
	return Resolved{Size: size, Settings: settings, Fill: fill, OK: ok}, diags
}

// impose fits the job's cards on pages, reporting a card too large for the
// paper at the deck's size (or title).
func (j *DeckJob) impose(size layout.Size, settings layout.Settings, deck *cards.Deck) cards.Diagnostics {
	var diags cards.Diagnostics
	plan, err := layout.Impose(size, settings)
	if err != nil {
		pos := deck.Pos
		if deck.Size != nil {
			pos = deck.Size.Pos
		}
		diags.Errorf(pos, "%v", err)
		return diags
	}
	j.Plan = plan
	return diags
}

// FacesJob imposes faces made elsewhere (rules cards, sheets): faces[i] is
// a card's front and back (a nil back is blank), and the whole set is
// printed copies times. deck gives the title, size and print settings.
func FacesJob(deck *cards.Deck, faces []draw.Pair, copies int, opts DeckOptions) (*DeckJob, cards.Diagnostics) {
	res, diags := Resolve(deck.Size, deck.Print, opts)
	job := &DeckJob{Deck: deck, Backs: res.Settings.Duplex != layout.DuplexNone, keptAll: true}
	for _, f := range faces {
		if f.Front == nil {
			f.Front = &draw.Face{}
		}
		if f.Back == nil {
			f.Back = &draw.Face{}
		}
		job.faces = append(job.faces, f)
	}
	for range copies {
		for i := range job.faces {
			job.copies = append(job.copies, i)
		}
	}
	if !res.OK {
		return nil, diags
	}
	if ds := job.impose(res.Size, res.Settings, deck); ds.HasErrors() {
		return nil, diags.Extend(ds)
	}
	return job, diags
}

// side returns what a face of card c is rendered from: the side's fields,
// the card's, its kind, and the built-in fields _deck (the deck's title),
// _number (the card's place in the deck), _count (its copies) and _side
// (front or back).
func side(deck *cards.Deck, c *cards.Card, s *cards.Side, name string) templates.Card {
	return templates.Card{
		Label: c.Label(),
		Pos:   c.Pos,
		Fields: func() []string {
			names := make([]string, 0, len(c.Fields)+len(s.Fields))
			for f := range c.Fields {
				names = append(names, f)
			}
			for f := range s.Fields {
				names = append(names, f)
			}
			sort.Strings(names)
			return names
		},
		Field: func(f string) *cards.Node {
			if v := c.Field(s, f); v != nil {
				return v
			}
			switch f {
			case "kind":
				if c.Kind != "" {
					return cards.Scalar(c.Kind, c.Pos)
				}
			case "_deck":
				return cards.Scalar(deck.Name, deck.Pos)
			case "_number":
				return cards.Scalar(strconv.Itoa(c.Number), c.Pos)
			case "_count":
				return cards.Scalar(strconv.Itoa(c.Count), c.Pos)
			case "_side":
				return cards.Scalar(name, c.Pos)
			}
			return nil
		},
	}
}

// checkDefault reports a deck-level template name that is not defined.
func checkDefault(lib *templates.Library, s cards.Side, what string) cards.Diagnostics {
	var diags cards.Diagnostics
	if s.Template != "" && lib.Lookup(s.Template) == nil {
		diags.Errorf(s.Pos, "%s: %s", what, lib.UnknownTemplate(s.Template))
	}
	return diags
}

// pickTemplate returns the card side's own template, or the default.
func pickTemplate(lib *templates.Library, s cards.Side, def *templates.Template) (*templates.Template, cards.Diagnostics) {
	var diags cards.Diagnostics
	if s.Template == "" {
		return def, diags
	}
	t := lib.Lookup(s.Template)
	if t == nil {
		diags.Errorf(s.Pos, "%s", lib.UnknownTemplate(s.Template))
	}
	return t, diags
}

// Document lays the job out as pages: fronts and backs by the plan, crop
// marks and cut lines on front pages, and a line in the margin of every
// sheet saying what it is and how to print it. A job that keeps all its
// faces is laid out at once, on all cores; a bigger one when a back end
// asks for its pages, a sheet at a time.
func (j *DeckJob) Document() *draw.Document {
	src := deckPages{j}
	doc := &draw.Document{Title: j.Deck.Name, Sides: draw.SidesOf(j.Plan.Duplex), Source: src}
	if j.keptAll {
		per := j.Plan.PagesPerSheet()
		pages := make([]draw.Page, src.Len())
		parallel(j.Sheets(), func(s int) {
			for k, p := range j.Plan.SheetPages(s, len(j.copies)) {
				pages[s*per+k] = src.page(p)
			}
		})
		doc.Pages, doc.Source = pages, nil
	}
	return doc
}

// deckPages lays out a deck job's pages.
type deckPages struct{ j *DeckJob }

func (d deckPages) Len() int { return d.j.Sheets() * d.j.Plan.PagesPerSheet() }

func (d deckPages) Page(i int) draw.Page {
	per := d.j.Plan.PagesPerSheet()
	return d.page(d.j.Plan.SheetPages(i/per, len(d.j.copies))[i%per])
}

// page draws the faces, guides and label of a page of the plan.
func (d deckPages) page(p layout.Page) draw.Page {
	j := d.j
	page := draw.Page{Size: p.Size, Trim: p.Trim}
	bleedBox := j.Plan.CardBleedBox()
	for _, pl := range p.Placements {
		clip := bleedBox
		page.Layers = append(page.Layers, draw.Layer{Transform: pl.Transform, Clip: &clip, Face: j.Face(j.copies[pl.Card], pl.Side)})
	}
	if guides := j.guideFace(p); guides != nil {
		page.Layers = append(page.Layers, draw.Layer{Transform: layout.Identity, Face: guides})
	}
	if l, ok := j.sheetLabel(p, j.Sheets()); ok {
		page.Layers = append(page.Layers, l)
	}
	return page
}

// Sheet label type, in points, and its colour.
const labelSize = 6.0

var labelColour = draw.Colour{R: 110, G: 110, B: 110, A: 255}

// sheetLabel is the line in a sheet's margin: the deck, sheet n/m, the
// side, the flip edge to choose, and "print at 100%". Single-card pages
// have no margin and get none.
func (j *DeckJob) sheetLabel(p layout.Page, sheets int) (draw.Layer, bool) {
	if j.Plan.Duplex == layout.DuplexSingle {
		return draw.Layer{}, false
	}
	h := labelSize * layout.MMPerPoint * 1.25
	r, turned, ok := layout.FreeStrip(p, h)
	if !ok {
		return draw.Layer{}, false
	}
	how := ""
	switch j.Plan.Duplex {
	case layout.DuplexLong:
		how = "duplex: flip on the long edge"
	case layout.DuplexShort:
		how = "duplex: flip on the short edge"
	case layout.DuplexFold:
		how = "fold on the dashed line, glue, then cut"
	case layout.DuplexNone:
		how = "fronts only"
	}
	side := p.Side.String()
	if j.Plan.Duplex == layout.DuplexFold {
		side = "fronts and backs"
	}
	text := fmt.Sprintf("%s · sheet %d/%d · %s · %s · print at 100%% (actual size)", j.Deck.Name, p.Sheet, sheets, side, how)
	box := layout.Rect{W: r.W, H: r.H}
	t := layout.Translate(r.X, r.Y)
	if turned {
		box = layout.Rect{W: r.H, H: r.W}
		t = layout.Rotate(270).Then(layout.Translate(r.X, r.Bottom()))
	}
	st := typeset.TextStyle{Family: typeset.NewFontSet().Fallback, Size: labelSize, Colour: labelColour,
		Align: typeset.AlignCenter, VAlign: typeset.VAlignMiddle, Shrink: true, MinSize: 4, Plain: true, LineHeight: 1.1}
	ops, _ := typeset.LayoutText(nil, text, box, st, nil)
	return draw.Layer{Transform: t, Face: &draw.Face{Ops: ops}}, true
}

// Guide line styles.
var (
	markColour = draw.Colour{R: 0, G: 0, B: 0, A: 255}
	foldColour = draw.Colour{R: 120, G: 120, B: 120, A: 255}
)

// guideFace draws a page's cut marks and fold line. The cut lines of a
// deck with rounded corners are each card's trim outline, rounded; crop
// marks stay at the straight trim edges, where a cutter starts.
func (j *DeckJob) guideFace(p layout.Page) *draw.Face {
	if len(p.Marks) == 0 && p.FoldLine == nil {
		return nil
	}
	var marks layout.Path
	if r := j.Plan.CornerRadius; r > 0 && j.Plan.Marks == layout.MarksLines {
		trim := layout.Rect{W: j.Plan.Card.W, H: j.Plan.Card.H}
		for _, pl := range p.Placements {
			marks.Append(layout.RoundedRectPath(pl.Transform.Bounds(trim), r))
		}
	} else {
		for _, m := range p.Marks {
			marks.Append(layout.LinePath(m))
		}
	}
	f := &draw.Face{}
	if len(p.Marks) > 0 {
		f.Ops = append(f.Ops, &draw.PathOp{Path: marks, Stroke: markColour, Width: 0.2})
	}
	if p.FoldLine != nil {
		f.Ops = append(f.Ops, &draw.PathOp{Path: layout.LinePath(*p.FoldLine), Stroke: foldColour, Width: 0.25, Dash: []float64{2, 1.5}})
	}
	return f
}
