package sim

import "math"

// Z95 is the standard normal quantile of a two-sided 95 % interval.
const Z95 = 1.959963984540054

// Wilson returns the Wilson score interval of k successes in n trials at
// the normal quantile z (Z95 for 95 %). k may be fractional (a score
// that counts ties as halves). With no trials the interval is [0, 1].
func Wilson(k float64, n int, z float64) (lo, hi float64) {
	if n <= 0 {
		return 0, 1
	}
	nf := float64(n)
	p := k / nf
	z2 := z * z
	centre := (p + z2/(2*nf)) / (1 + z2/nf)
	half := z / (1 + z2/nf) * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf))
	return max(0, centre-half), min(1, centre+half)
}

// Outcomes counts one side's results.
type Outcomes struct{ Wins, Losses, Ties int }

// Games returns the number of games counted.
func (o Outcomes) Games() int { return o.Wins + o.Losses + o.Ties }

// Add counts another tally in.
func (o *Outcomes) Add(p Outcomes) {
	o.Wins += p.Wins
	o.Losses += p.Losses
	o.Ties += p.Ties
}

// Swap returns the other side's view: wins and losses exchanged.
func (o Outcomes) Swap() Outcomes { return Outcomes{Wins: o.Losses, Losses: o.Wins, Ties: o.Ties} }

// WinRate returns wins ÷ games (0 with no games).
func (o Outcomes) WinRate() float64 { return ratio(float64(o.Wins), o.Games()) }

// WinCI returns the 95 % Wilson interval of the win rate.
func (o Outcomes) WinCI() (lo, hi float64) { return Wilson(float64(o.Wins), o.Games(), Z95) }

// Score returns (wins + ties ÷ 2) ÷ games, the share of the points of a
// round robin (0 with no games).
func (o Outcomes) Score() float64 { return ratio(o.points(), o.Games()) }

// ScoreCI returns the 95 % Wilson interval of the score.
func (o Outcomes) ScoreCI() (lo, hi float64) { return Wilson(o.points(), o.Games(), Z95) }

// DecisiveRate returns wins ÷ (wins + losses): the win rate with ties
// left out.
func (o Outcomes) DecisiveRate() float64 { return ratio(float64(o.Wins), o.Wins+o.Losses) }

// DecisiveCI returns the 95 % Wilson interval of DecisiveRate.
func (o Outcomes) DecisiveCI() (lo, hi float64) {
	return Wilson(float64(o.Wins), o.Wins+o.Losses, Z95)
}

func (o Outcomes) points() float64 { return float64(o.Wins) + float64(o.Ties)/2 }

func ratio(k float64, n int) float64 {
	if n == 0 {
		return 0
	}
	return k / float64(n)
}

// Mean accumulates a mean and its standard error.
type Mean struct {
	N          int
	Sum, SumSq float64
}

// Add adds one value.
func (m *Mean) Add(x float64) {
	m.N++
	m.Sum += x
	m.SumSq += x * x
}

// Value returns the mean (0 with no values).
func (m Mean) Value() float64 { return ratio(m.Sum, m.N) }

// StdErr returns the standard error of the mean (0 with fewer than two
// values).
func (m Mean) StdErr() float64 {
	if m.N < 2 {
		return 0
	}
	n := float64(m.N)
	v := (m.SumSq - m.Sum*m.Sum/n) / (n - 1)
	return math.Sqrt(max(0, v) / n)
}

// Line is y = Intercept + Slope × x.
type Line struct{ Intercept, Slope float64 }

// At returns the line's y at x.
func (l Line) At(x float64) float64 { return l.Intercept + l.Slope*x }

// FitLine fits y against x by least squares. With fewer than two points,
// or all x equal, the slope is 0 and the line goes through the mean.
func FitLine(xs, ys []float64) Line {
	return fitSkip(xs, ys, -1)
}

// fitSkip fits every point but the one at skip.
func fitSkip(xs, ys []float64, skip int) Line {
	var n, sx, sy float64
	for i := range xs {
		if i != skip {
			n++
			sx += xs[i]
			sy += ys[i]
		}
	}
	if n == 0 {
		return Line{}
	}
	mx, my := sx/n, sy/n
	var sxx, sxy float64
	for i := range xs {
		if i != skip {
			sxx += (xs[i] - mx) * (xs[i] - mx)
			sxy += (xs[i] - mx) * (ys[i] - my)
		}
	}
	if sxx == 0 {
		return Line{Intercept: my}
	}
	b := sxy / sxx
	return Line{Intercept: my - b*mx, Slope: b}
}

// DeletedResiduals returns, for each point, how many standard errors it
// lies off the line fitted to the other points: the externally
// studentised residual (y − ŷ) ÷ (s × √(1 + 1/m + (x − x̄)²/Sxx)), where
// the line, s (the residual standard deviation), m, x̄ and Sxx are those
// of the other m points. A point cannot be judged with fewer than three
// others: it gets 0. A point off a perfect fit gets ±Inf.
func DeletedResiduals(xs, ys []float64) []float64 {
	out := make([]float64, len(xs))
	if len(xs) < 4 {
		return out
	}
	m := float64(len(xs) - 1)
	for i := range xs {
		l := fitSkip(xs, ys, i)
		var sx, ssr float64
		for j := range xs {
			if j != i {
				sx += xs[j]
				r := ys[j] - l.At(xs[j])
				ssr += r * r
			}
		}
		mx := sx / m
		var sxx float64
		for j := range xs {
			if j != i {
				sxx += (xs[j] - mx) * (xs[j] - mx)
			}
		}
		lev := 1 + 1/m
		if sxx > 0 {
			lev += (xs[i] - mx) * (xs[i] - mx) / sxx
		}
		se := math.Sqrt(ssr/(m-2)) * math.Sqrt(lev)
		r := ys[i] - l.At(xs[i])
		switch {
		case se > 0:
			out[i] = r / se
		case r != 0:
			out[i] = math.Copysign(math.Inf(1), r)
		}
	}
	return out
}
