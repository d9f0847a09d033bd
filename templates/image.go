package templates

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"image"
	"image/color"
	imagedraw "image/draw"
	"image/jpeg"
	"image/png"
	"io"
	"math"
	"runtime"
	"slices"
	"strings"
	"sync"

	xdraw "golang.org/x/image/draw"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/templates/draw"
	"github.com/deckpress/deckpress/templates/svg"
)

// Limits and defaults of images.
const (
	DefaultDPI     = 300        // pixels per inch images are reduced to
	MaxImagePixels = 50_000_000 // largest picture decoded (50 megapixels)
	MaxImageBytes  = 64 << 20   // largest image file read (64 MiB)
	// MaxDecodedBytes bounds the memory of the pictures a deck holds
	// decoded (until Finish, after its last face): a picture of the
	// largest size at 16 bits a channel takes 400 MB, a 12-megapixel
	// photo 18 MB as a JPEG and 48 MB as a PNG, so that a hundred phone
	// photos fit, or five of the largest pictures
	MaxDecodedBytes = 2 << 30
	iconImageMaxDim = 256 // user icons are reduced to this many pixels a side
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
	// DecodedLimit bounds the bytes the decoded pictures take; 0 means
	// MaxDecodedBytes.
	DecodedLimit int64

	mu      sync.Mutex
	decoded map[string]decodedImage // by path
	// content: the pictures decoded, by their file's SHA-256, so that
	// the same file under several names (symlinks, copies) is decoded
	// once; held: the bytes they take, against MaxDecodedBytes
	content map[[32]byte]image.Image
	held    int64
	bounds  map[string]image.Rectangle // of every picture decoded
	made    map[string]*draw.Image     // by source path and pixel size
	widths  map[int]bool               // pixel widths given out
	arts    map[artKey]artEntry        // SVG files read, as pictures and as icons
	pending []pendingImage             // pictures to make in Finish
}

// pendingImage is a picture asked for, by key, whose pixels Finish makes
// from its source.
type pendingImage struct {
	key  string
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
		decoded: map[string]decodedImage{}, content: map[[32]byte]image.Image{}, bounds: map[string]image.Rectangle{}, arts: map[artKey]artEntry{}, made: map[string]*draw.Image{}, widths: map[int]bool{}}
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
	if err == nil {
		s.bounds[path] = img.Bounds()
	}
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
	codec, err := sniff(data)
	if err != nil {
		return nil, fmt.Errorf("%s %w", path, err)
	}
	format := codec.name
	cfg, err := codec.config(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%s: broken %s image: %w", path, format, err)
	}
	if px := int64(cfg.Width) * int64(cfg.Height); px > MaxImagePixels || cfg.Width <= 0 || cfg.Height <= 0 {
		return nil, fmt.Errorf("%s is %d x %d pixels; the limit is %d megapixels", path, cfg.Width, cfg.Height, MaxImagePixels/1_000_000)
	}
	sum := sha256.Sum256(data)
	size := int64(cfg.Width) * int64(cfg.Height) * halfBytesPerPixel(cfg.ColorModel) / 2
	limit := cmp.Or(s.DecodedLimit, MaxDecodedBytes)
	s.mu.Lock()
	img, seen := s.content[sum]
	if !seen {
		if s.held+size > limit {
			s.mu.Unlock()
			return nil, fmt.Errorf("%s is %d x %d pixels, %d MiB decoded: with the pictures decoded before it, more than the %d MiB a deck may hold; use smaller pictures",
				path, cfg.Width, cfg.Height, size>>20, limit>>20)
		}
		s.held += size
	}
	s.mu.Unlock()
	if seen {
		return img, nil
	}
	img, err = codec.decode(bytes.NewReader(data))
	s.mu.Lock()
	defer s.mu.Unlock()
	if err != nil {
		s.held -= size
		return nil, fmt.Errorf("%s: broken %s image: %w", path, format, err)
	}
	s.content[sum] = img
	if ycc, ok := img.(*image.YCbCr); ok {
		// its chroma subsampling known at last: what it really takes
		s.held += int64(len(ycc.Y)+len(ycc.Cb)+len(ycc.Cr)) - size
	}
	return img, nil
}

// halfBytesPerPixel is twice the memory a pixel of a decoded picture
// takes, by its colour model: 16 at 16 bits a channel, 2 for grey or a
// palette; a JPEG's YCbCr is counted at 4:2:0, the least it takes (read
// corrects it once the picture is decoded).
func halfBytesPerPixel(m color.Model) int64 {
	if _, ok := m.(color.Palette); ok {
		return 2
	}
	switch m {
	case color.GrayModel:
		return 2
	case color.Gray16Model:
		return 4
	case color.YCbCrModel:
		return 3
	case color.RGBA64Model, color.NRGBA64Model:
		return 16
	}
	return 8
}

// codec is a picture format deckpress reads.
type codec struct {
	name   string
	magic  string
	config func(io.Reader) (image.Config, error)
	decode func(io.Reader) (image.Image, error)
}

// codecs are the raster formats deckpress reads: PNG and JPEG (SVG is
// read by Art before), told by their first bytes, whatever the file's name says; no other decoder that a
// library may register with package image is ever reached.
var codecs = []codec{
	{"PNG", "\x89PNG\r\n\x1a\n", png.DecodeConfig, png.Decode},
	{"JPEG", "\xff\xd8\xff", jpeg.DecodeConfig, jpeg.Decode},
}

// others are formats refused by name, for a clearer message.
var others = []struct{ name, magic string }{
	{"GIF", "GIF8"}, {"WebP", "RIFF"}, {"BMP", "BM"}, {"TIFF", "II*\x00"}, {"TIFF", "MM\x00*"},
}

// sniff returns the codec of a picture from its first bytes, or an error
// (to follow its name) saying what it is instead.
func sniff(data []byte) (codec, error) {
	for _, c := range codecs {
		if bytes.HasPrefix(data, []byte(c.magic)) {
			return c, nil
		}
	}
	for _, o := range others {
		if bytes.HasPrefix(data, []byte(o.magic)) {
			return codec{}, fmt.Errorf("is a %s image; deckpress reads PNG, JPEG and SVG pictures only", o.name)
		}
	}
	return codec{}, errors.New("is not a PNG, JPEG or SVG image (its first bytes are none of them)")
}

type artKey struct {
	path string
	icon bool
}

type artEntry struct {
	res *svg.Result // nil: not an SVG file
	err error
}

// Art reads the SVG file at path once, as a picture or as an icon (whose
// unpainted shapes take the icon's colour); it returns nil and no error
// when the file is not SVG, so that the caller decodes it as a PNG or
// JPEG picture.
func (s *ImageStore) Art(path string, icon bool) (*svg.Result, error) {
	key := artKey{path, icon}
	s.mu.Lock()
	e, ok := s.arts[key]
	s.mu.Unlock()
	if ok {
		return e.res, e.err
	}
	e.res, e.err = s.readArt(path, icon)
	s.mu.Lock()
	s.arts[key] = e
	s.mu.Unlock()
	return e.res, e.err
}

func (s *ImageStore) readArt(path string, icon bool) (*svg.Result, error) {
	if s.Files == nil {
		return nil, errors.New("no files can be read here")
	}
	data, err := s.Files.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("cannot read %s: %w", path, cards.Cause(err))
	}
	if !svg.Sniff(data) {
		return nil, nil
	}
	return svg.Read(path, data, svg.Options{CurrentFill: icon})
}

// Picture returns the picture at path cropped to crop (in source pixels;
// empty means all of it) and reduced to at most w × h pixels. Its pixel
// size is fixed, and its pixels and PNG data are made, by [Finish], so
// that pictures are scaled and encoded in parallel, and so that the
// result does not depend on the order in which cards (drawn in parallel)
// asked for them.
//
// A picture made before is given again without reading its file: a face
// laid out again while a big deck is written asks for its pictures again.
func (s *ImageStore) Picture(path string, crop image.Rectangle, w, h int) (*draw.Image, error) {
	s.mu.Lock()
	if bounds, seen := s.bounds[path]; seen {
		c, cw, ch := settle(bounds, crop, w, h)
		if im, ok := s.made[pictureKey(path, c, cw, ch)]; ok {
			s.mu.Unlock()
			return im, nil
		}
	}
	s.mu.Unlock()
	src, err := s.decode(path)
	if err != nil {
		return nil, err
	}
	crop, w, h = settle(src.Bounds(), crop, w, h)
	key := pictureKey(path, crop, w, h)
	s.mu.Lock()
	defer s.mu.Unlock()
	if im, ok := s.made[key]; ok {
		return im, nil
	}
	im := &draw.Image{W: w, H: h}
	s.made[key] = im
	s.pending = append(s.pending, pendingImage{key, im, src, crop})
	return im, nil
}

// settle returns the crop of a picture of the given bounds (empty: the
// whole picture) and its size: at most w × h pixels, and no more than the
// crop's.
func settle(bounds, crop image.Rectangle, w, h int) (image.Rectangle, int, int) {
	if crop.Empty() {
		crop = bounds
	}
	return crop, max(1, min(w, crop.Dx())), max(1, min(h, crop.Dy()))
}

// pictureKey is the key the picture of path, cropped and sized, is made
// under.
func pictureKey(path string, crop image.Rectangle, w, h int) string {
	return fmt.Sprintf("%s|%v|%dx%d", path, crop, w, h)
}

// Finish scales and encodes every picture asked for since the last call,
// on all cores, then lets the decoded pictures go: only the pictures made
// from them are held to the end of the build.
func (s *ImageStore) Finish() error {
	s.mu.Lock()
	todo := s.pending
	s.pending = nil
	// Distinct pictures get distinct pixel widths: fpdf orders images by
	// width alone, so equal widths would make the output depend on map
	// order. Who keeps a width is decided in the order of the keys.
	slices.SortFunc(todo, func(a, b pendingImage) int { return strings.Compare(a.key, b.key) })
	for _, p := range todo {
		w, h := p.im.W, p.im.H
		for taken := s.widths[w]; taken && w > 1; taken = s.widths[w] {
			h = max(1, int(math.Round(float64(h)*float64(w-1)/float64(w))))
			w--
		}
		s.widths[w] = true
		p.im.W, p.im.H = w, h
	}
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
	// the decoded sources are made into what was asked for: release
	// them (a picture asked for again is read again); keep the errors,
	// so that a broken file is reported the same way each time
	s.mu.Lock()
	for path, d := range s.decoded {
		if d.err == nil {
			delete(s.decoded, path)
		}
	}
	clear(s.content)
	s.held = 0
	s.mu.Unlock()
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
	if err := pngEncoder.Encode(&buf, dst); err != nil {
		return fmt.Errorf("encode image: %w", err)
	}
	sum := sha256.Sum256(buf.Bytes())
	im.ID, im.PNG, im.Pixels = hex.EncodeToString(sum[:8]), buf.Bytes(), dst
	return nil
}

// pngEncoder encodes pictures, reusing its compressors: the standard
// library makes a new one (over a megabyte) for every picture otherwise.
var pngEncoder = &png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: &pngBuffers{}}

// pngBuffers is a png.EncoderBufferPool for any number of goroutines.
type pngBuffers struct{ pool sync.Pool }

func (p *pngBuffers) Get() *png.EncoderBuffer {
	b, _ := p.pool.Get().(*png.EncoderBuffer)
	return b // nil: the encoder makes one
}

func (p *pngBuffers) Put(b *png.EncoderBuffer) { p.pool.Put(b) }

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
	colour   *prop // currentColor of an SVG picture; nil: black
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
	elementKinds["image"] = elementKind{desc: "a PNG, JPEG or SVG picture: contain, cover or stretch", compile: compileImage, required: []string{"src"},
		props: slices.Concat(boxShapes, []cards.Prop{
			cards.P("src", cards.Text("a picture file (PNG, JPEG or SVG), relative to the file that names it")),
			cards.P("fit", namesShape("contain (all of it, in the box), cover (filling the box, cropped) or stretch (default contain)", fitNames...)),
			radiusShape,
			cards.P("colour", colourShape("the colour an SVG picture's currentColor takes (default black)")),
			cards.P("color", colourShape("the same as colour"))})}
}

func compileImage(c *compiler, m *cards.Mapping, com common, what string) element {
	p := c.imageProps(m, what)
	p.colour = c.colourProp(m, what, "colour", "color")
	return &imageElem{common: com, props: p}
}

func (e *imageElem) draw(r *renderer) {
	if box, ok := r.rect(e.props.box); ok {
		rad, _ := r.length(e.props.radius, 0, 0)
		e.props.draw(r, box, rad, e.pos, "the picture", "start it at the bleed edge (a negative x or y) and widen it by the bleed")
	}
}

// draw places the picture in box: contain (whole picture, centred),
// cover (filling the box, cropped) or stretch; rounded corners clip it.
func (p *imageProps) draw(r *renderer, box layout.Rect, radius float64, at cards.Pos, what, fix string) {
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
	art, err := store.Art(path, false)
	if err != nil {
		r.fail(pos, "%s: %v", p.src.what, err)
		return
	}
	if art != nil {
		p.drawArt(r, art, pos, box, fitNames[fit], radius)
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
	r.checkDPI(at, ref, crop.Dx(), crop.Dy(), drawn)
	r.checkBleed(what, at, drawn, fix)
	if radius > 0 {
		r.ops = append(r.ops, &draw.ClipOp{Path: layout.RoundedRectPath(box, radius)})
	}
	r.ops = append(r.ops, &draw.ImageOp{Image: im, Box: drawn})
	if radius > 0 {
		r.ops = append(r.ops, &draw.EndClipOp{})
	}
}

// drawArt places an SVG picture in box, as vectors; its warnings are
// the file's, not the card's, so they name no card (and the same warning
// from many cards is one).
func (p *imageProps) drawArt(r *renderer, res *svg.Result, pos cards.Pos, box layout.Rect, fit string, radius float64) {
	for _, w := range res.Warnings {
		*r.diags = append(*r.diags, cards.Diagnostic{Pos: pos, Severity: cards.Warning, Message: fmt.Sprintf("%s: %v", p.src.what, w)})
	}
	clip := radius > 0 || fit == "cover"
	if clip {
		r.ops = append(r.ops, &draw.ClipOp{Path: layout.RoundedRectPath(box, radius)})
	}
	r.ops = res.Art.Draw(r.ops, res.Art.Fit(box, fit), r.colour(p.colour, draw.Black), &r.budget)
	if clip {
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
