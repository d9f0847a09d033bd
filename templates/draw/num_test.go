package draw

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestAppendNumIsExact: the integer rounding gives the bytes strconv's
// correctly rounded decimals give, for numbers of every size, for those
// a hair either side of a half thousandth (which only the exact way can
// tell apart), for colour components and for what is not finite.
func TestAppendNumIsExact(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 1080))
	values := []float64{0, math.Copysign(0, -1), 0.0005, -0.0005, 0.0015, 2.0005, 1e-9, -1e-9,
		2147483.6475, -2147483.6485, 4e6 + 0.0005, 1<<52/1000 + 0.5, 1<<53/1000 + 0.7, 1e300, -1e-300, math.NaN(), math.Inf(1), math.Inf(-1)}
	for range 30_000 {
		values = append(values,
			(r.Float64()-0.5)*2000,                        // coordinates
			float64(r.IntN(20_000_000)-10_000_000)/2000,   // halves of a thousandth, as near as binary gets
			float64(r.Int64N(1<<45))/2000,                 // the same, past the integer way's bound
			float64(r.IntN(256))/255*float64(r.IntN(100)), // colour components, scaled
			math.Float64frombits(r.Uint64()))              // anything
	}
	for _, v := range values {
		for _, v := range []float64{v, math.Nextafter(v, math.Inf(1)), math.Nextafter(v, math.Inf(-1))} {
			got, want := string(AppendNum([]byte("10 0"), v)), string(appendNumExact([]byte("10 0"), v))
			if got != want {
				t.Fatalf("AppendNum(%v) = %q, strconv gives %q", v, got, want)
			}
		}
	}
}
