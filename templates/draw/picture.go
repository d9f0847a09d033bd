package draw

import "image"

// Image is a decoded, normalised picture ready to embed: 8-bit,
// non-interlaced PNG data, registered once per distinct content.
type Image struct {
	// ID is a hash of the content; back ends register an image once per ID.
	ID string
	// PNG is the normalised image file.
	PNG []byte
	// W and H are the pixel dimensions.
	W, H int
	// Pixels is the normalised picture, for raster back ends.
	Pixels image.Image
}
