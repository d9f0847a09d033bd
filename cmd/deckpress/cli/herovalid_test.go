package cli

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// TestReaderErrorsMakeHeroInvalid: a hero whose file has an error that
// hero check reports (a characteristic of 2.5 or "3", uses: "5", a power
// without a level, an unknown key) is not valid: "valid": false in the
// JSON of hero show, "not valid" on its text sheet, and exit 1.
func TestReaderErrorsMakeHeroInvalid(t *testing.T) {
	const good = `hero: Spark
characteristics: {STR: 3, DEX: 5, SIZ: 3, PER: 4}
powers:
  - power: Distance Attack
    level: 3
    uses: unlimited
`
	cases := []struct{ name, from, to string }{
		{"fraction", "STR: 3,", "STR: 2.5,"},
		{"quoted number", "STR: 3,", `STR: "3",`},
		{"quoted uses", "uses: unlimited", `uses: "5"`},
		{"missing level", "    level: 3\n", ""},
		{"unknown key", "powers:", "colur: red\npowers:"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			src := strings.Replace(good, c.from, c.to, 1)
			if src == good {
				t.Fatal("the case changes nothing")
			}
			writeFile(t, filepath.Join(dir, "h.yaml"), []byte(src))
			code, _, stderr := runCLI(t, dir, "hero", "check", "h.yaml")
			if code != 1 || !strings.Contains(stderr, "h.yaml:") {
				t.Fatalf("hero check should report an error: exit %d, %q", code, stderr)
			}
			code, stdout, _ := runCLI(t, dir, "hero", "show", "--json", "h.yaml")
			var sheet struct {
				Valid *bool `json:"valid"`
			}
			if err := json.Unmarshal([]byte(stdout), &sheet); err != nil || sheet.Valid == nil {
				t.Fatalf("not a sheet: %v\n%s", err, stdout)
			}
			if code != 1 || *sheet.Valid {
				t.Errorf("show --json: exit %d, valid %v; want exit 1, valid false", code, *sheet.Valid)
			}
			code, stdout, _ = runCLI(t, dir, "hero", "show", "h.yaml")
			if code != 1 || !strings.Contains(stdout, "not valid") {
				t.Errorf("show: exit %d, want the sheet marked not valid:\n%s", code, stdout)
			}
		})
	}
	// the good hero is valid
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "h.yaml"), []byte(good))
	if code, stdout, stderr := runCLI(t, dir, "hero", "show", "--json", "h.yaml"); code != 0 || !strings.Contains(stdout, `"valid": true`) {
		t.Errorf("the good hero: exit %d\n%s%s", code, stdout, stderr)
	}
}
