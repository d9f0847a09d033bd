package pdf

import (
	"bytes"
	"encoding/binary"
	"math"
)

// sRGB's colorants and white point as an ICC display profile states them:
// the primaries of IEC 61966-2-1 adapted to the D50 profile connection
// space (Bradford), and D50 itself.
var (
	d50   = [3]float64{0.9642, 1.0, 0.8249}
	srgbR = [3]float64{0.4360747, 0.2225045, 0.0139322}
	srgbG = [3]float64{0.3850649, 0.7168786, 0.0971045}
	srgbB = [3]float64{0.1430804, 0.0606169, 0.7141733}
)

// srgbDecode is the sRGB transfer function (IEC 61966-2-1): an encoded
// value in [0, 1] to linear light.
func srgbDecode(v float64) float64 {
	if v <= 0.04045 {
		return v / 12.92
	}
	return math.Pow((v+0.055)/1.055, 2.4)
}

// srgbTRCPoints is the number of samples of the tone curves.
const srgbTRCPoints = 1024

// srgbProfile returns an ICC version 2 display profile of sRGB (a
// matrix/TRC profile: colorants, white point and a sampled tone curve per
// channel), written here rather than copied from a file, for PDF/X output
// intents.
func srgbProfile() []byte {
	type tag struct {
		sig  string
		data []byte
	}
	xyz := func(v [3]float64) []byte {
		b := []byte("XYZ \x00\x00\x00\x00")
		for _, c := range v {
			b = binary.BigEndian.AppendUint32(b, uint32(int32(math.Round(c*65536))))
		}
		return b
	}
	curve := []byte("curv\x00\x00\x00\x00")
	curve = binary.BigEndian.AppendUint32(curve, srgbTRCPoints)
	for i := range srgbTRCPoints {
		curve = binary.BigEndian.AppendUint16(curve, uint16(math.Round(srgbDecode(float64(i)/(srgbTRCPoints-1))*65535)))
	}
	name := "sRGB IEC61966-2.1"
	desc := []byte("desc\x00\x00\x00\x00")
	desc = binary.BigEndian.AppendUint32(desc, uint32(len(name)+1))
	desc = append(append(desc, name...), 0)
	desc = append(desc, make([]byte, 4+4+2+1+67)...) // no Unicode or ScriptCode description
	cprt := append([]byte("text\x00\x00\x00\x00"), "No copyright: written by deckpress\x00"...)
	tags := []tag{{"desc", desc}, {"cprt", cprt}, {"wtpt", xyz(d50)},
		{"rXYZ", xyz(srgbR)}, {"gXYZ", xyz(srgbG)}, {"bXYZ", xyz(srgbB)},
		{"rTRC", curve}, {"gTRC", curve}, {"bTRC", curve}}

	const headerSize = 128
	table := 4 + 12*len(tags)
	var data bytes.Buffer
	offsets := make([]int, len(tags))
	for i, t := range tags {
		if i > 0 && t.sig[1:] == "TRC" && tags[i-1].sig[1:] == "TRC" {
			offsets[i] = offsets[i-1] // the three tone curves share their data
			continue
		}
		offsets[i] = headerSize + table + data.Len()
		data.Write(t.data)
		for data.Len()%4 != 0 {
			data.WriteByte(0)
		}
	}
	size := headerSize + table + data.Len()
	h := make([]byte, 0, headerSize)
	h = binary.BigEndian.AppendUint32(h, uint32(size))
	h = append(h, 0, 0, 0, 0)             // preferred CMM: none
	h = append(h, 2, 0x10, 0, 0)          // version 2.1
	h = append(h, "mntrRGB XYZ "...)      // display class, RGB data, XYZ connection space
	h = append(h, 0x07, 0xd0, 0, 1, 0, 1) // 2000-01-01 00:00:00
	h = append(h, 0, 0, 0, 0, 0, 0)
	h = append(h, "acsp"...)
	h = append(h, make([]byte, 4+4+4+4+8+4)...) // platform, flags, manufacturer, model, attributes, perceptual intent
	for _, c := range d50 {
		h = binary.BigEndian.AppendUint32(h, uint32(int32(math.Round(c*65536))))
	}
	h = append(h, make([]byte, headerSize-len(h))...) // creator, reserved
	var out bytes.Buffer
	out.Write(h)
	out.Write(binary.BigEndian.AppendUint32(nil, uint32(len(tags))))
	for i, t := range tags {
		out.WriteString(t.sig)
		out.Write(binary.BigEndian.AppendUint32(nil, uint32(offsets[i])))
		out.Write(binary.BigEndian.AppendUint32(nil, uint32(len(t.data))))
	}
	out.Write(data.Bytes())
	return out.Bytes()
}
