package pdf

import (
	"bytes"
	"encoding/binary"
	"encoding/xml"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/deckpress/deckpress/internal/testtool"
	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/templates/draw"
)

// TestSRGBProfile: the output intent's profile is an ICC version 2 RGB
// display profile (ICC.1:2001-04): its size field is its length, its
// signature "acsp" at byte 36, its illuminant D50; every tag lies inside
// it; the colorants add up to the white point (a matrix profile's white
// is its three primaries at full strength); and the tone curve is sRGB's
// (IEC 61966-2-1): 0 and 1 at the ends, 0.5 encoded is 0.2140 linear,
// 0.04045 is 0.00313.
func TestSRGBProfile(t *testing.T) {
	p := srgbProfile()
	u32 := func(at int) uint32 { return binary.BigEndian.Uint32(p[at:]) }
	s15 := func(at int) float64 { return float64(int32(u32(at))) / 65536 }
	if int(u32(0)) != len(p) || p[8] != 2 || string(p[12:24]) != "mntrRGB XYZ " || string(p[36:40]) != "acsp" {
		t.Fatalf("header %q", p[:40])
	}
	if math.Abs(s15(68)-0.9642) > 1e-4 || math.Abs(s15(72)-1) > 1e-4 || math.Abs(s15(76)-0.8249) > 1e-4 {
		t.Errorf("illuminant %v %v %v, want D50", s15(68), s15(72), s15(76))
	}
	tags := map[string][2]int{}
	n := int(u32(128))
	for i := range n {
		at := 132 + 12*i
		off, size := int(u32(at+4)), int(u32(at+8))
		if off+size > len(p) || off < 132+12*n {
			t.Fatalf("tag %q at %d+%d lies outside the profile", p[at:at+4], off, size)
		}
		tags[string(p[at:at+4])] = [2]int{off, size}
	}
	for _, sig := range []string{"desc", "cprt", "wtpt", "rXYZ", "gXYZ", "bXYZ", "rTRC", "gTRC", "bTRC"} {
		if _, ok := tags[sig]; !ok {
			t.Errorf("no %s tag", sig)
		}
	}
	xyz := func(sig string) [3]float64 {
		off := tags[sig][0]
		if string(p[off:off+4]) != "XYZ " {
			t.Fatalf("%s is not an XYZ", sig)
		}
		return [3]float64{s15(off + 8), s15(off + 12), s15(off + 16)}
	}
	w, r, g, b := xyz("wtpt"), xyz("rXYZ"), xyz("gXYZ"), xyz("bXYZ")
	for i := range 3 {
		if sum := r[i] + g[i] + b[i]; math.Abs(sum-w[i]) > 1e-3 {
			t.Errorf("colorants add up to %v in component %d, white is %v", sum, i, w[i])
		}
	}
	off := tags["rTRC"][0]
	if string(p[off:off+4]) != "curv" {
		t.Fatal("rTRC is not a curve")
	}
	count := int(u32(off + 8))
	curve := func(x float64) float64 { // linear interpolation of the samples
		f := x * float64(count-1)
		i := min(int(f), count-2)
		a := float64(binary.BigEndian.Uint16(p[off+12+2*i:]))
		c := float64(binary.BigEndian.Uint16(p[off+12+2*i+2:]))
		return (a + (c-a)*(f-float64(i))) / 65535
	}
	for _, tt := range []struct{ in, want, tol float64 }{{0, 0, 0}, {1, 1, 0}, {0.5, 0.2140, 5e-4}, {0.04045, 0.00313, 2e-4}} {
		if got := curve(tt.in); math.Abs(got-tt.want) > tt.tol {
			t.Errorf("curve(%v) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

// x4Doc is a document of a sheet (no trim box) and a single-card page.
func x4Doc(t *testing.T) *draw.Document {
	face := &draw.Face{Ops: []draw.Op{&draw.ImageOp{Image: testPicture(t), Box: layout.Rect{X: 10, Y: 10, W: 20, H: 20}}}}
	sheet := draw.Page{Size: layout.Size{W: 100, H: 150}, Layers: []draw.Layer{{Transform: layout.Identity, Face: face}}}
	card := draw.Page{Size: layout.Size{W: 69.5, H: 94.9}, Trim: &layout.Rect{X: 3, Y: 3, W: 63.5, H: 88.9}, Layers: sheet.Layers}
	return &draw.Document{Title: "Zoë & <friends>", Sides: draw.LongEdge, Pages: []draw.Page{sheet, card}}
}

// TestPDFX4: what ISO 15930-7 asks of a PDF/X-4 file, checked on the
// bytes and with qpdf: version 1.6; an output intent /GTS_PDFX whose
// profile is the sRGB profile; a TrimBox and a BleedBox on every page (the
// sheet's the page itself, the card's its trim); XMP that parses and says
// GTS_PDFXVersion PDF/X-4 and the title; /Trapped /False and the version in
// the document information, which the trailer points at; a document ID;
// PrintScaling kept and Duplex (PDF 1.7) left out.
func TestPDFX4(t *testing.T) {
	file, err := renderBytesWith(RenderX4, x4Doc(t))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(file, []byte("%PDF-1.6\n")) {
		t.Errorf("header %q, want PDF 1.6", file[:9])
	}
	for _, want := range []string{"/S /GTS_PDFX", "/OutputConditionIdentifier (sRGB IEC61966-2.1)", "/Trapped /False", "/GTS_PDFXVersion (PDF/X-4)",
		"/ViewerPreferences << /PrintScaling /None >>", "/CreationDate (D:20000101000000Z)"} {
		if !bytes.Contains(file, []byte(want)) {
			t.Errorf("no %s", want)
		}
	}
	if bytes.Contains(file, []byte("/Duplex")) {
		t.Error("a PDF 1.7 /Duplex in a PDF/X-4 (PDF 1.6) file")
	}
	if !regexp.MustCompile(`trailer\n<<[^>]*/ID \[<[0-9a-f]{32}> <[0-9a-f]{32}>\]`).Match(file) {
		t.Error("no document ID in the trailer")
	}
	trims := regexp.MustCompile(`/TrimBox \[([^\]]*)\]`).FindAllSubmatch(file, -1)
	bleeds := regexp.MustCompile(`/BleedBox \[([^\]]*)\]`).FindAllSubmatch(file, -1)
	if len(trims) != 2 || len(bleeds) != 2 {
		t.Fatalf("%d trim and %d bleed boxes, want one of each on both pages", len(trims), len(bleeds))
	}
	fields := func(m [][]byte) string { return strings.Join(strings.Fields(string(m[1])), " ") }
	if fields(trims[0]) != "0.00 0.00 283.46 425.20" || fields(bleeds[0]) != "0.00 0.00 283.46 425.20" ||
		fields(trims[1]) != "8.50 8.50 188.50 260.50" || fields(bleeds[1]) != "0.00 0.00 197.01 269.01" {
		t.Errorf("boxes %q %q %q %q", fields(trims[0]), fields(bleeds[0]), fields(trims[1]), fields(bleeds[1]))
	}

	qpdf := testtool.Require(t, "qpdf")
	path := filepath.Join(t.TempDir(), "x4.pdf")
	if err := os.WriteFile(path, file, 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(qpdf, "--check", path).CombinedOutput(); err != nil {
		t.Fatalf("qpdf --check: %v\n%s", err, out)
	}
	show := func(args ...string) []byte {
		out, err := exec.Command(qpdf, append(args, path)...).Output()
		if err != nil {
			t.Fatalf("qpdf %v: %v", args, err)
		}
		return out
	}
	if trailer := show("--show-object=trailer"); !bytes.Contains(show("--show-object="+ref(t, trailer, "Info")), []byte("/Trapped /False")) {
		t.Error("the trailer's /Info is not the document information")
	}
	catalog := show("--show-object=" + ref(t, show("--show-object=trailer"), "Root"))
	profile := show("--show-object="+ref(t, catalog, "DestOutputProfile"), "--filtered-stream-data")
	if !bytes.Equal(profile, srgbProfile()) {
		t.Errorf("the output intent's profile is %d bytes, not the sRGB profile", len(profile))
	}
	meta := show("--show-object="+ref(t, catalog, "Metadata"), "--filtered-stream-data")
	var x struct {
		Description struct {
			Version string   `xml:"GTS_PDFXVersion"`
			Title   []string `xml:"title>Alt>li"`
		} `xml:"RDF>Description"`
	}
	if err := xml.Unmarshal(meta, &x); err != nil {
		t.Fatalf("XMP: %v\n%s", err, meta)
	}
	if x.Description.Version != "PDF/X-4" || len(x.Description.Title) != 1 || x.Description.Title[0] != "Zoë & <friends>" {
		t.Errorf("XMP version %q, title %q", x.Description.Version, x.Description.Title)
	}
}

// ref returns the object number after /key in a dictionary qpdf shows.
func ref(t *testing.T, dict []byte, key string) string {
	t.Helper()
	m := regexp.MustCompile(`/` + key + ` (\d+) 0 R`).FindSubmatch(dict)
	if m == nil {
		t.Fatalf("no /%s in %s", key, dict)
	}
	return string(m[1])
}
