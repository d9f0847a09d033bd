package simulate

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/output"
	"github.com/deckpress/deckpress/output/build"
	"github.com/deckpress/deckpress/output/pdf"
	"github.com/deckpress/deckpress/output/png"
	labreport "github.com/deckpress/deckpress/output/report"
	"github.com/deckpress/deckpress/rules/gladiators/combat"
	"github.com/deckpress/deckpress/templates/draw"
)

// ReportDocument draws a round robin's report on paper: the title, the
// win-rate matrix, the balance table and a note on the heroes flagged.
func ReportDocument(j RobinReport, paper layout.Size) *draw.Document {
	n := len(j.Heroes)
	d := &labreport.Data{Title: "Superhero Gladiators balance lab",
		Subtitle: fmt.Sprintf("Round robin of %d heroes, one on one, %d games a pair on each side, seed %d, policy %s, %s",
			n, j.Games, j.Seed, j.Policy, j.Arena),
		Intercept: j.Fit.Intercept, Slope: j.Fit.Slope}
	var flagged []string
	for i, h := range j.Heroes {
		d.Heroes = append(d.Heroes, labreport.Hero{Name: h.Hero, Points: h.Points, Score: h.Score, Lo: h.CI95[0], Hi: h.CI95[1],
			Expected: h.Expected, Off: h.Off, Flag: h.Flag})
		row := make([]float64, n)
		for k, v := range j.Matrix[i] {
			if v != nil {
				row[k] = *v
			}
		}
		d.Matrix = append(d.Matrix, row)
		if h.Flag != "" {
			flagged = append(flagged, fmt.Sprintf("%s (%d points) is %s: %.0f %% where its points predict %.0f %%, %+.1f standard errors off the line (most damage: %s)",
				h.Hero, h.Points, h.Flag, 100*h.Score, 100*h.Expected, h.Off, orNone(h.TopPower)))
		}
	}
	d.Note = fmt.Sprintf("On this pool a point spent moves the score by %.2f percentage points. ", 100*j.Fit.Slope)
	if len(flagged) == 0 {
		d.Note += fmt.Sprintf("No hero lies more than %d standard errors off the line.", combat.FlagSE)
	} else {
		d.Note += strings.Join(flagged, "; ") + "."
	}
	return labreport.Document(d, paper)
}

// WriteReport draws the round robin's report and writes it to path (taken
// in env's folder): a PDF, or a PNG a page (FILE-1.png …). It returns the
// paths written, as given.
func WriteReport(env build.Env, path string, paper layout.Size, j RobinReport) ([]string, error) {
	return writeDocument(env, path, ReportDocument(j, paper))
}

// WriteSheet writes a game lab's report sheet (see SlugfestSheet,
// GalagaSheet, AuditionSheet) as WriteReport does.
func WriteSheet(env build.Env, path string, paper layout.Size, s *labreport.Sheet) ([]string, error) {
	return writeDocument(env, path, labreport.SheetDocument(s, paper))
}

// writeDocument writes a report to path: a PDF, or a PNG a page
// (FILE-1.png …), all or none. It returns the paths written, as given.
func writeDocument(env build.Env, path string, doc *draw.Document) ([]string, error) {
	paths := []string{path}
	writers := []func(io.Writer) error{func(w io.Writer) error { return pdf.Render(w, doc) }}
	if !strings.EqualFold(filepath.Ext(path), ".pdf") {
		paths, writers = nil, nil
		for i := range doc.Len() {
			paths = append(paths, strings.TrimSuffix(path, filepath.Ext(path))+fmt.Sprintf("-%d", i+1)+filepath.Ext(path))
			writers = append(writers, func(w io.Writer) error {
				c := png.New(150)
				page := doc.Page(i)
				draw.DrawPage(c, &page)
				return png.Write(w, c.Result())
			})
		}
	}
	if err := env.CheckOverwrite(paths); err != nil {
		return nil, fmt.Errorf("report: %w", err)
	}
	st := output.NewStage()
	defer st.Discard()
	for i, p := range paths {
		w, err := st.Create(env.Abs(p))
		if err != nil {
			return nil, fmt.Errorf("report: %w", err)
		}
		if err := writers[i](w); err != nil {
			return nil, fmt.Errorf("report: write %s: %w", p, err)
		}
	}
	if err := st.Commit(); err != nil {
		return nil, fmt.Errorf("report: %w", err)
	}
	return paths, nil
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}
