package build

import (
	"fmt"
	"strings"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/templates"
)

// PreflightSummary counts the preflight's findings among diags, by check
// (templates.PreflightChecks): "preflight: 3 findings: safe zone 1,
// resolution 1, bleed 1, corner 0", or "preflight: no findings".
func PreflightSummary(diags cards.Diagnostics) string {
	count := map[string]int{}
	total := 0
	for _, d := range diags.Sort() {
		if c := templates.PreflightCheck(d.Message); c != "" && d.Severity == cards.Warning {
			count[c]++
			total++
		}
	}
	if total == 0 {
		return "preflight: no findings"
	}
	parts := make([]string, len(templates.PreflightChecks))
	for i, c := range templates.PreflightChecks {
		parts[i] = fmt.Sprintf("%s %d", c, count[c])
	}
	return "preflight: " + cards.Count(total, "finding", "findings") + ": " + strings.Join(parts, ", ")
}
