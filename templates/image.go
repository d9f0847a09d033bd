package templates

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"image"
	imagedraw "image/draw"
	_ "image/jpeg" // decode JPEG art
	"image/png"
	"math"
	"runtime"
	"slices"
	"sync"

	xdraw "golang.org/x/image/draw"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/templates/draw"
)

// Limits and defaults of images.
const (
	DefaultDPI      = 300        // pixels per inch images are reduced to
	MaxImagePixels  = 50_000_000 // largest picture decoded (50 megapixels)
	MaxImageBytes   = 64 << 20   // largest image file read (64 MiB)
	iconImageMaxDim = 256        // user icons are reduced to this many pixels a side
)

// ImageStore loads pictures for a deck: each file decoded once, each
// picture reduced to the resolution it is printed at and encoded once per
// distinct content and size.
type ImageStore struct {
	// Files reads image files; Resolve maps a name written in the file
	// `from` to the path to read (and may refuse it).
	Files   cards.Files
	Resolve func(from, ref string) (string, error)
	DPI     float64

	mu      sync.Mutex
	decoded map[string]decodedImage
	made    map[string]*draw.Image // by source path and pixel size
	widths  map[int]bool           // pixel widths given out
	pending []pendingImage         // pictures to make in Finish
}

// pendingImage is a picture whose size is fixed and whose pixels Finish
// makes from its source.
type pendingImage struct {
	im   *draw.Image
	src  image.Image
	crop image.Rectangle
}

type decodedImage struct {
	img image.Image
	err error
}

// NewImageStore returns a store that reads nothing until Files is set.
func NewImageStore() *ImageStore {
	return &ImageStore{DPI: DefaultDPI, Resolve: func(from, ref string) (string, error) { return cards.Resolve(from, ref), nil },
		decoded: map[string]decodedImage{}, made: map[string]*draw.Image{}, widths: map[int]bool{}}
}

// decode reads and decodes the picture at path once, refusing pictures
// above MaxImagePixels before decoding them.
func (s *ImageStore) decode(path string) (image.Image, error) {
	s.mu.Lock()
	d, ok := s.decoded[path]
	s.mu.Unlock()
	if ok {
		return d.img, d.err
	}
	img, err := s.read(path)
	s.mu.Lock()
	s.decoded[path] = decodedImage{img, err}
	s.mu.Unlock()
	return img, err
}

func (s *ImageStore) read(path string) (image.Image, error) {
	if s.Files == nil {
		return nil, errors.New("no files can be read here")
	}
	data, err := s.Files.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("cannot read %s: %w", path, cards.Cause(err))
	}
	if len(data) > MaxImageBytes {
		return nil, fmt.Errorf("%s is %d bytes; the limit for images is %d", path, len(data), MaxImageBytes)
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%s is not a PNG or JPEG image: %w", path, err)
	}
	if px := int64(cfg.Width) * int64(cfg.Height); px > MaxImagePixels || cfg.Width <= 0 || cfg.Height <= 0 {
		return nil, fmt.Errorf("%s is %d x %d pixels; the limit is %d megapixels", path, cfg.Width, cfg.Height, MaxImagePixels/1_000_000)
	}
	img, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%s: broken %s image: %w", path, format, err)
	}
	return img, nil
}

// Picture returns the picture at path cropped to crop (in source pixels;
// empty means all of it) and reduced to at most w × h pixels. Its pixel
// size is fixed at once; its pixels and PNG data are made by [Finish], so
// that pictures are scaled and encoded in parallel, in a deterministic
// order of sizes.
func (s *ImageStore) Picture(path string, crop image.Rectangle, w, h int) (*draw.Image, error) {
	src, err := s.decode(path)
	if err != nil {
		return nil, err
	}
	if crop.Empty() {
		crop = src.Bounds()
	}
	w, h = max(1, min(w, crop.Dx())), max(1, min(h, crop.Dy()))
	key := fmt.Sprintf("%s|%v|%dx%d", path, crop, w, h)
	s.mu.Lock()
	defer s.mu.Unlock()
	if im, ok := s.made[key]; ok {
		return im, nil
	}
	// Distinct pictures get distinct pixel widths: fpdf orders images by
	// width alone, so equal widths would make the output depend on map
	// order.
	for taken := s.widths[w]; taken && w > 1; taken = s.widths[w] {
		h = max(1, int(math.Round(float64(h)*float64(w-1)/float64(w))))
		w--
	}
	s.widths[w] = true
	im := &draw.Image{W: w, H: h}
	s.made[key] = im
	s.pending = append(s.pending, pendingImage{im, src, crop})
	return im, nil
}

// Finish scales and encodes every picture asked for since the last call,
// on all cores.
func (s *ImageStore) Finish() error {
	s.mu.Lock()
	todo := s.pending
	s.pending = nil
	s.mu.Unlock()
	errs := make([]error, len(todo))
	var wg sync.WaitGroup
	next := make(chan int)
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for i := range next {
				errs[i] = todo[i].normalise()
			}
		})
	}
	for i := range todo {
		next <- i
	}
	close(next)
	wg.Wait()
	return errors.Join(errs...)
}

// normalise scales the crop to the picture's size and encodes it.
func (p pendingImage) normalise() error {
	im := p.im
	dst := image.NewNRGBA(image.Rect(0, 0, im.W, im.H))
	if im.W == p.crop.Dx() && im.H == p.crop.Dy() {
		imagedraw.Draw(dst, dst.Bounds(), p.src, p.crop.Min, imagedraw.Src)
	} else {
		xdraw.CatmullRom.Scale(dst, dst.Bounds(), p.src, p.crop, xdraw.Src, nil)
	}
	// an opaque picture is written as 3-channel RGB, with alpha otherwise
	var buf bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, dst); err != nil {
		return fmt.Errorf("encode image: %w", err)
	}
	sum := sha256.Sum256(buf.Bytes())
	im.ID, im.PNG, im.Pixels = hex.EncodeToString(sum[:8]), buf.Bytes(), dst
	return nil
}

// pixelsFor returns the pixel size that prints a length of mm at the
// store's resolution.
func (s *ImageStore) pixelsFor(mm float64) int {
	return max(1, int(math.Ceil(mm/layout.MMPerInch*s.DPI)))
}

// --- the image element and background images

type imageProps struct {
	box      boxProps
	src, fit *prop
	radius   *prop
}

var fitNames = []string{"contain", "cover", "stretch"}

func (c *compiler) imageProps(m *cards.Mapping, what string) *imageProps {
	p := &imageProps{box: c.box(m, what), src: c.prop(m, what, "image"), fit: c.prop(m, what, "fit"), radius: c.prop(m, what, "radius")}
	if p.src == nil {
		p.src = c.prop(m, what, "src")
	}
	check(c, p.fit, enum(fitNames...))
	check(c, p.radius, positiveLength(0))
	return p
}

type imageElem struct {
	common
	props *imageProps
}

func init() {
	elementKinds["image"] = elementKind{desc: "a PNG or JPEG picture: contain, cover or stretch", keys: slices.Concat(boxKeys, []string{"src", "fit", "radius"}), compile: compileImage}
}

func compileImage(c *compiler, m *cards.Mapping, com common, what string) element {
	c.diags.Require(m, what, "src")
	return &imageElem{common: com, props: c.imageProps(m, what)}
}

func (e *imageElem) draw(r *renderer) {
	if box, ok := r.rect(e.props.box); ok {
		rad, _ := r.length(e.props.radius, 0, 0)
		e.props.draw(r, box, rad)
	}
}

// draw places the picture in box: contain (whole picture, centred),
// cover (filling the box, cropped) or stretch; rounded corners clip it.
func (p *imageProps) draw(r *renderer, box layout.Rect, radius float64) {
	ref, pos, ok := text(r, p.src)
	if !ok || ref == "" {
		return
	}
	fit := 0
	if p.fit != nil {
		fit, _ = value(r, p.fit, enum(fitNames...))
	}
	store := r.lib.Images
	path, err := store.Resolve(pos.File, ref)
	if err != nil {
		r.fail(pos, "%s: %v", p.src.what, err)
		return
	}
	src, err := store.decode(path)
	if err != nil {
		r.fail(pos, "%s: %v", p.src.what, err)
		return
	}
	sb := src.Bounds()
	sw, sh := float64(sb.Dx()), float64(sb.Dy())
	drawn, crop := box, sb
	switch fitNames[fit] {
	case "contain":
		k := math.Min(box.W/sw, box.H/sh)
		drawn = layout.Rect{X: box.X + (box.W-sw*k)/2, Y: box.Y + (box.H-sh*k)/2, W: sw * k, H: sh * k}
	case "cover":
		k := math.Max(box.W/sw, box.H/sh)
		cw, ch := int(math.Round(box.W/k)), int(math.Round(box.H/k))
		x0, y0 := sb.Min.X+(sb.Dx()-cw)/2, sb.Min.Y+(sb.Dy()-ch)/2
		crop = image.Rect(x0, y0, x0+cw, y0+ch)
	}
	im, err := store.Picture(path, crop, store.pixelsFor(drawn.W), store.pixelsFor(drawn.H))
	if err != nil {
		r.fail(pos, "%s: %v", p.src.what, err)
		return
	}
	if radius > 0 {
		r.ops = append(r.ops, &draw.ClipOp{Path: layout.RoundedRectPath(box, radius)})
	}
	r.ops = append(r.ops, &draw.ImageOp{Image: im, Box: drawn})
	if radius > 0 {
		r.ops = append(r.ops, &draw.EndClipOp{})
	}
}

// IconImage loads a user icon from a picture file.
func (s *ImageStore) IconImage(path string) (*draw.Image, error) {
	src, err := s.decode(path)
	if err != nil {
		return nil, err
	}
	b := src.Bounds()
	k := math.Min(1, float64(iconImageMaxDim)/float64(max(b.Dx(), b.Dy())))
	return s.Picture(path, b, int(math.Round(float64(b.Dx())*k)), int(math.Round(float64(b.Dy())*k)))
}
