package templates

import (
	"math"
	"strconv"
	"strings"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/templates/draw"
	"github.com/deckpress/deckpress/templates/typeset"
)

// Preflight checks what a print shop checks before it prints, on every
// face drawn: text and icons inside the safe zone, pictures at 300
// effective dpi or more, art that reaches the cut carried on into the
// bleed, and rounded corners that leave text alone. Each finding is a
// warning at the element, naming the card, with a message that starts
// "preflight (CHECK):" for one of [PreflightChecks].
const (
	CheckSafe   = "safe zone"
	CheckDPI    = "resolution"
	CheckBleed  = "bleed"
	CheckCorner = "corner"
	// MinDPI is the least effective resolution of a printed picture.
	MinDPI = 300.0
)

// PreflightChecks names the checks, in the order a summary lists them.
var PreflightChecks = []string{CheckSafe, CheckDPI, CheckBleed, CheckCorner}

// preflightEps absorbs rounding: a box set at the trim edge is on it.
const preflightEps = 0.01 // mm

func (r *renderer) preflight(check string, pos cards.Pos, format string, args ...any) {
	r.warn(pos, "preflight ("+check+"): "+format, args...)
}

// checkInk checks the ink of a text or icon element, ops being what the
// element drew: inside the safe zone, and clear of the rounded corners.
func (r *renderer) checkInk(what string, pos cards.Pos, ops []draw.Op) {
	ink, ok := inkBounds(ops)
	if !ok {
		return
	}
	W, H, s := r.lib.Card.W, r.lib.Card.H, r.lib.Safe
	if s > 0 {
		in := math.Min(math.Min(ink.X, ink.Y), math.Min(W-ink.Right(), H-ink.Bottom()))
		if in < s-preflightEps {
			where := layout.FormatMM(math.Max(in, 0)) + " from the trim"
			if in < 0 {
				where = "across the trim"
			}
			r.preflight(CheckSafe, pos, "%s is %s, inside the %s safe zone; keep it %s inside the cut", what, where, layout.FormatMM(s), layout.FormatMM(s))
			return
		}
	}
	// the safe zone of a rounded card is rounded too: the corner circles
	// keep their centres and lose the safe distance from their radius
	R := r.lib.CornerRadius
	if R <= s {
		return
	}
	for _, p := range [4]layout.Point{{X: ink.X, Y: ink.Y}, {X: ink.Right(), Y: ink.Y}, {X: ink.X, Y: ink.Bottom()}, {X: ink.Right(), Y: ink.Bottom()}} {
		c := layout.Point{X: math.Min(math.Max(p.X, R), W-R), Y: math.Min(math.Max(p.Y, R), H-R)}
		if math.Hypot(p.X-c.X, p.Y-c.Y) > R-s+preflightEps {
			r.preflight(CheckCorner, pos, "the %s corner radius cuts into %s; move it in from the corner", layout.FormatMM(R), what)
			return
		}
	}
}

// inkBounds is the box that ops cover: text runs from the font's ascent
// to its descent, as wide as their advances; paths and pictures by their
// boxes. Clips are left out.
func inkBounds(ops []draw.Op) (layout.Rect, bool) {
	var box layout.Rect
	found := false
	add := func(b layout.Rect) {
		if !found {
			box, found = b, true
			return
		}
		x0, y0 := math.Min(box.X, b.X), math.Min(box.Y, b.Y)
		x1, y1 := math.Max(box.Right(), b.Right()), math.Max(box.Bottom(), b.Bottom())
		box = layout.Rect{X: x0, Y: y0, W: x1 - x0, H: y1 - y0}
	}
	for _, o := range ops {
		switch op := o.(type) {
		case *draw.TextOp:
			if b, ok := runBox(op); ok {
				add(b)
			}
		case *draw.PathOp:
			if len(op.Path.Points) > 0 {
				add(op.Path.Bounds())
			}
		case *draw.ImageOp:
			add(op.Box)
		}
	}
	return box, found
}

// runBox is the box of a run of text; blank runs have none.
func runBox(op *draw.TextOp) (layout.Rect, bool) {
	em := op.Size * layout.MMPerPoint
	asc, desc := 0.8, 0.2 // a face that does not say
	if f, ok := op.Font.(*typeset.Font); ok {
		asc, desc = f.Ascent, f.Descent
	}
	w, inked := 0.0, false
	for _, ch := range op.Text {
		a, _ := op.Font.Advance(ch)
		w += a
		inked = inked || ch != ' '
	}
	if !inked {
		return layout.Rect{}, false
	}
	return layout.Rect{X: op.X, Y: op.Y - asc*em, W: w * em, H: (asc + desc) * em}, true
}

// checkBleed warns, when the deck asks for bleed, about art that reaches
// the trim edge on some side and stops there (or inside the bleed),
// where a cut that is off by a little shows a white sliver.
func (r *renderer) checkBleed(what string, pos cards.Pos, art layout.Rect, fix string) {
	b := r.lib.Bleed
	if b <= 0 {
		return
	}
	W, H := r.lib.Card.W, r.lib.Card.H
	short := func(inner, outer float64) bool { return inner <= preflightEps && inner > -b+preflightEps && outer > 0 }
	var sides []string
	if short(art.X, art.Right()) {
		sides = append(sides, "left")
	}
	if short(W-art.Right(), W-art.X) {
		sides = append(sides, "right")
	}
	if short(art.Y, art.Bottom()) {
		sides = append(sides, "top")
	}
	if short(H-art.Bottom(), H-art.Y) {
		sides = append(sides, "bottom")
	}
	if len(sides) == 0 {
		return
	}
	edges := sides[0]
	for i, s := range sides[1:] {
		if i == len(sides)-2 {
			edges += " and " + s
		} else {
			edges += ", " + s
		}
	}
	r.preflight(CheckBleed, pos, "%s reaches the %s trim edge but stops short of the %s bleed; %s", what, edges, layout.FormatMM(b), fix)
}

// checkDPI warns about a picture printed below MinDPI: pxW x pxH pixels
// of it drawn into box drawn, on its coarser axis.
func (r *renderer) checkDPI(pos cards.Pos, ref string, pxW, pxH int, drawn layout.Rect) {
	if drawn.W <= 0 || drawn.H <= 0 {
		return
	}
	dpi := math.Min(float64(pxW)/(drawn.W/layout.MMPerInch), float64(pxH)/(drawn.H/layout.MMPerInch))
	if dpi < MinDPI-0.5 {
		r.preflight(CheckDPI, pos, "picture %s prints at %s dpi, below %s; its %s x %s want %d x %d pixels", ref,
			strconv.Itoa(int(math.Round(dpi))), strconv.Itoa(int(MinDPI)), layout.FormatMM(drawn.W), layout.FormatMM(drawn.H),
			int(math.Ceil(drawn.W/layout.MMPerInch*MinDPI-1e-6)), int(math.Ceil(drawn.H/layout.MMPerInch*MinDPI-1e-6)))
	}
}

// PreflightCheck returns which of [PreflightChecks] a warning's message
// reports, or "" for a message that is not a preflight finding.
func PreflightCheck(msg string) string {
	for _, c := range PreflightChecks {
		if strings.Contains(msg, "preflight ("+c+"): ") {
			return c
		}
	}
	return ""
}
