package cli

import (
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/data"
)

// input is one file to build or check.
type input struct {
	path   string      // as shown in messages
	src    []byte      // its content
	files  cards.Files // reads what it names
	outDir string      // where its outputs go
}

// osFiles reads files relative to a working folder.
type osFiles struct{ dir string }

func (f osFiles) ReadFile(name string) ([]byte, error) {
	if !filepath.IsAbs(name) {
		name = filepath.Join(f.dir, name)
	}
	return os.ReadFile(name)
}

// embeddedFiles reads the built-in files.
type embeddedFiles struct{}

func (embeddedFiles) ReadFile(name string) ([]byte, error) {
	return fs.ReadFile(data.FS, filepath.ToSlash(name))
}

// builtinInputs lists the files of every built-in kit, each building into
// outDir/<kit>/.
func builtinInputs(outDir string) ([]input, error) {
	var out []input
	for _, kit := range data.Kits() {
		names, err := fs.Glob(data.FS, path.Join("kits", kit, "*.yaml"))
		if err != nil {
			return nil, err
		}
		sort.Strings(names)
		for _, n := range names {
			src, err := fs.ReadFile(data.FS, n)
			if err != nil {
				return nil, err
			}
			out = append(out, input{path: n, src: src, files: embeddedFiles{}, outDir: filepath.Join(outDir, kit)})
		}
	}
	return out, nil
}

// argInputs reads the files named on the command line; a folder stands for
// every YAML file in it (those that are not a buildable format are skipped
// later).
func argInputs(env Env, args []string, outDir string) ([]input, error) {
	files := osFiles{dir: env.Dir}
	var out []input
	for _, a := range args {
		full := a
		if !filepath.IsAbs(full) {
			full = filepath.Join(env.Dir, a)
		}
		st, err := os.Stat(full)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", a, cards.Cause(err))
		}
		if !st.IsDir() {
			src, err := os.ReadFile(full)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", a, cards.Cause(err))
			}
			out = append(out, input{path: a, src: src, files: files, outDir: outDir})
			continue
		}
		entries, err := os.ReadDir(full)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", a, cards.Cause(err))
		}
		found := 0
		for _, e := range entries {
			ext := strings.ToLower(filepath.Ext(e.Name()))
			if e.IsDir() || (ext != ".yaml" && ext != ".yml") {
				continue
			}
			p := filepath.Join(a, e.Name())
			src, err := os.ReadFile(filepath.Join(full, e.Name()))
			if err != nil {
				return nil, fmt.Errorf("%s: %w", p, cards.Cause(err))
			}
			out = append(out, input{path: p, src: src, files: files, outDir: outDir})
			found++
		}
		if found == 0 {
			return nil, fmt.Errorf("%s: no YAML files in this folder", a)
		}
	}
	return out, nil
}

// stem returns a file's name without folder and extension.
func stem(p string) string {
	base := filepath.Base(p)
	return strings.TrimSuffix(base, filepath.Ext(base))
}
