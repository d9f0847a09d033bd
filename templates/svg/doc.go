// Package svg reads SVG files into deckpress's vector art ([draw.Art]): the
// adapter between the SVG format and the drawing vocabulary, so that icons
// and pictures drawn in Inkscape or taken from game-icons.net print as
// vectors in the PDF and rasterise like any other path in the PNG preview.
//
// It is a small reader of its own on encoding/xml (the README says why):
// the file is parsed into a tree of elements with their positions, bounded
// in size, element count, nesting depth and path length, then walked with
// the SVG cascade of presentation attributes and `style` declarations.
// Drawn: path (every command, relative and absolute, with implicit
// repeats and elliptical arcs), rect (with rx, ry), circle, ellipse, line,
// polyline, polygon, g, nested svg, a, use; transform lists (matrix,
// translate, scale, rotate, skewX, skewY); fill, stroke, their opacities,
// stroke width, caps, joins and dashes, fill-rule, opacity, display and
// visibility; viewBox and preserveAspectRatio; currentColor, left for the
// template to colour. Everything else that would change the picture
// (text, embedded pictures, gradients and patterns, filters, masks, clip
// paths, markers, style sheets) is a warning naming the file, the line and
// the feature, once per feature.
package svg
