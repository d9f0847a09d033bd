package output

import (
	"os"
	"path/filepath"
	"testing"
)

// TestStageClosed: once committed or discarded, a stage writes no more: a
// later Create is refused with the target's path, and leaves no temporary
// file; a second Commit fails and writes nothing.
func TestStageClosed(t *testing.T) {
	for _, end := range []string{"commit", "discard"} {
		dir := t.TempDir()
		st := NewStage()
		if end == "commit" {
			if err := st.Commit(); err != nil {
				t.Fatal(err)
			}
		} else {
			st.Discard()
		}
		path := filepath.Join(dir, "late.pdf")
		w, err := st.Create(path)
		if want := "write " + path + ": the stage is closed"; w != nil || err == nil || err.Error() != want {
			t.Errorf("after %s: Create gave %v, %v; want %q", end, w, err, want)
		}
		if err := st.Commit(); err == nil {
			t.Errorf("after %s: a second commit succeeded", end)
		}
		if entries, _ := os.ReadDir(dir); len(entries) != 0 {
			t.Errorf("after %s: the folder holds %v", end, entries)
		}
	}
}
