package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGameLabReports: every game's lab writes its charts with --report,
// as a PDF or a PNG a page; with --json standard output stays one JSON
// object and the files written are said on standard error; a report that
// is neither PDF nor PNG is a usage error.
func TestGameLabReports(t *testing.T) {
	for _, game := range []string{"slugfest", "galaga", "audition"} {
		t.Run(game, func(t *testing.T) {
			dir := t.TempDir()
			code, stdout, stderr := runCLI(t, dir, "sim", game, "--games", "40", "--report", "lab.pdf")
			if code != 0 || !strings.HasSuffix(stdout, "wrote lab.pdf\n") {
				t.Fatalf("exit %d, stdout ends %q, stderr %q", code, stdout[max(0, len(stdout)-80):], stderr)
			}
			b, err := os.ReadFile(filepath.Join(dir, "lab.pdf"))
			if err != nil || !strings.HasPrefix(string(b), "%PDF-") {
				t.Fatalf("lab.pdf: %v", err)
			}
			code, stdout, stderr = runCLI(t, dir, "sim", game, "--games", "40", "--json", "--report", "lab.png", "--paper", "letter")
			var v map[string]any
			if code != 0 || json.Unmarshal([]byte(stdout), &v) != nil || !strings.Contains(stderr, "wrote lab-1.png\n") {
				t.Fatalf("--json: exit %d, stdout %.80q, stderr %q", code, stdout, stderr)
			}
			if png, err := os.ReadFile(filepath.Join(dir, "lab-1.png")); err != nil || !strings.HasPrefix(string(png), "\x89PNG") {
				t.Fatalf("lab-1.png: %v", err)
			}
			for _, bad := range [][]string{{"--report", "lab.txt"}, {"--report", "lab.pdf", "--paper", "napkin"}} {
				code, _, stderr = runCLI(t, dir, append([]string{"sim", game, "--games", "5"}, bad...)...)
				if code != 2 || !strings.Contains(stderr, bad[len(bad)-2]) {
					t.Errorf("%v: exit %d, %q", bad, code, stderr)
				}
			}
		})
	}
}
