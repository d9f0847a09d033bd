package typeset

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// checkEmbeddable checks a TrueType file for everything the PDF back end's
// font embedder (fpdf's UTF-8 font reader) reads from it, before the file
// is handed over: the embedder neither checks its reads (a table cut short
// panics inside it) nor reports what it cannot use (it prints a message on
// standard output and embeds a broken font). So every table it reads must
// be there and long enough, in the formats it understands, and the font's
// licence must allow embedding a subset.
func checkEmbeddable(data []byte) error {
	tables, err := readTableDirectory(data)
	if err != nil {
		return err
	}
	for _, name := range []string{"head", "hhea", "maxp", "hmtx", "loca", "glyf", "cmap", "name", "post"} {
		if tables[name] == nil {
			return fmt.Errorf("the font has no %s table", name)
		}
	}
	need := func(name string, n int) ([]byte, error) {
		t := tables[name]
		if len(t) < n {
			return nil, fmt.Errorf("the font's %s table is cut short (%d bytes, %d needed)", name, len(t), n)
		}
		return t, nil
	}
	head, err := need("head", 54)
	if err != nil {
		return err
	}
	if u16(head, 18) == 0 {
		return errors.New("the font's units per em are zero")
	}
	locFormat := u16(head, 50)
	if locFormat > 1 {
		return fmt.Errorf("the font's glyph locations are in an unknown format (%d)", locFormat)
	}
	if f := u16(head, 52); f != 0 {
		return fmt.Errorf("the font's glyph data is in an unknown format (%d)", f)
	}
	hhea, err := need("hhea", 36)
	if err != nil {
		return err
	}
	if f := u16(hhea, 32); f != 0 {
		return fmt.Errorf("the font's horizontal metrics are in an unknown format (%d)", f)
	}
	maxp, err := need("maxp", 6)
	if err != nil {
		return err
	}
	glyphs, metrics := u16(maxp, 4), u16(hhea, 34)
	if glyphs == 0 || metrics == 0 || metrics > glyphs {
		return fmt.Errorf("the font has %d glyphs and %d horizontal metrics", glyphs, metrics)
	}
	if _, err := need("hmtx", 4*metrics+2*(glyphs-metrics)); err != nil {
		return err
	}
	if err := checkLoca(tables["loca"], locFormat, glyphs, len(tables["glyf"])); err != nil {
		return err
	}
	if _, err := need("post", 16); err != nil {
		return err
	}
	if os2 := tables["OS/2"]; os2 != nil {
		n := 72
		if len(os2) >= 2 && u16(os2, 0) > 1 {
			n = 90
		}
		if os2, err = need("OS/2", n); err != nil {
			return err
		}
		if fs := u16(os2, 8); fs == 0x0002 || fs&0x0300 != 0 {
			return fmt.Errorf("the font's licence does not allow embedding it in a PDF (OS/2 fsType %#04x)", fs)
		}
	}
	if err := checkName(tables["name"]); err != nil {
		return err
	}
	return checkCmap(tables["cmap"])
}

// readTableDirectory returns the tables of a TrueType file by tag, each
// checked to lie inside the file.
func readTableDirectory(data []byte) (map[string][]byte, error) {
	if len(data) < 12 {
		return nil, errors.New("the font file is cut short")
	}
	if v := u32(data, 0); v != 0x00010000 && v != 0x74727565 { // 1.0, "true"
		return nil, fmt.Errorf("the font is not a TrueType font (version %#08x)", v)
	}
	n := u16(data, 4)
	if 12+16*n > len(data) {
		return nil, errors.New("the font's table directory is cut short")
	}
	tables := make(map[string][]byte, n)
	for i := range n {
		rec := data[12+16*i:]
		tag := string(rec[:4])
		off, length := u32(rec, 8), u32(rec, 12)
		if off > len(data) || length > len(data)-off {
			return nil, fmt.Errorf("the font's %s table lies outside the file", tag)
		}
		tables[tag] = data[off : off+length]
	}
	return tables, nil
}

// checkLoca checks that the glyph locations are there and point into the
// glyf table, in order.
func checkLoca(loca []byte, format, glyphs, glyfLen int) error {
	size := 2
	if format == 1 {
		size = 4
	}
	if len(loca) < size*(glyphs+1) {
		return fmt.Errorf("the font's loca table is cut short (%d bytes, %d needed)", len(loca), size*(glyphs+1))
	}
	prev := 0
	for i := 0; i <= glyphs; i++ {
		var at int
		if format == 0 {
			at = 2 * u16(loca, 2*i)
		} else {
			at = u32(loca, 4*i)
		}
		if at < prev || at > glyfLen {
			return fmt.Errorf("the font's glyph %d lies outside its glyf table", i)
		}
		prev = at
	}
	return nil
}

// checkName checks the name table: format 0, records and strings inside
// it, the Windows Unicode names of two bytes a character.
func checkName(name []byte) error {
	if len(name) < 6 {
		return errors.New("the font's name table is cut short")
	}
	if f := u16(name, 0); f != 0 {
		return fmt.Errorf("the font's name table is in format %d; the PDF writer reads format 0", f)
	}
	count, strings := u16(name, 2), u16(name, 4)
	if 6+12*count > len(name) {
		return errors.New("the font's name records are cut short")
	}
	for i := range count {
		rec := name[6+12*i:]
		platform, encoding, lang := u16(rec, 0), u16(rec, 2), u16(rec, 4)
		length, off := u16(rec, 8), u16(rec, 10)
		if strings+off+length > len(name) {
			return errors.New("a name of the font lies outside its name table")
		}
		if platform == 3 && encoding == 1 && lang == 0x409 && length%2 != 0 {
			return errors.New("a Unicode name of the font has an odd number of bytes")
		}
	}
	return nil
}

// checkCmap checks that the font maps Unicode to glyphs with a format 4
// subtable (Windows Unicode BMP, or a Unicode platform one), the only
// format the PDF writer reads, and that its segments lie inside it.
func checkCmap(cmap []byte) error {
	if len(cmap) < 4 {
		return errors.New("the font's cmap table is cut short")
	}
	n := u16(cmap, 2)
	if 4+8*n > len(cmap) {
		return errors.New("the font's cmap records are cut short")
	}
	for i := range n {
		rec := cmap[4+8*i:]
		platform, encoding, off := u16(rec, 0), u16(rec, 2), u32(rec, 4)
		if !(platform == 3 && encoding == 1 || platform == 0) {
			continue
		}
		if off+14 > len(cmap) || u16(cmap, off) != 4 {
			continue
		}
		// the writer takes the first such subtable: it must be whole
		sub := cmap[off:]
		segs := u16(sub, 6) / 2
		if segs == 0 || 16+8*segs > len(sub) {
			return errors.New("the font's Unicode cmap subtable is cut short")
		}
		return nil
	}
	return errors.New("the font has no Unicode cmap of format 4, the one the PDF writer reads")
}

func u16(b []byte, at int) int { return int(binary.BigEndian.Uint16(b[at:])) }
func u32(b []byte, at int) int { return int(binary.BigEndian.Uint32(b[at:])) }
