package build

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/data"
	"github.com/deckpress/deckpress/output"
	"github.com/deckpress/deckpress/templates"
)

// input is one file to build or check.
type input struct {
	path   string      // as shown in messages
	src    []byte      // its content
	files  cards.Files // reads what it names
	outDir string      // where its outputs go
	named  bool        // named as a file (not found in a folder)
	// project holds the print settings of the folder's project file,
	// which override the file's own.
	project output.PrintOptions
}

// osFiles reads files relative to a working folder, noting each in log
// (when watching) and refusing any larger than maxReadBytes. An input reads
// the files it names (images, fonts, CSV, template and list files) through
// an osFiles whose root is its project folder: each is opened through an
// os.Root of that folder, which refuses, race-free, any name that leaves
// it by .. or by a symlink, so that a downloaded deck cannot read the rest
// of the disk. --allow-outside leaves root empty.
type osFiles struct {
	dir  string
	root string // absolute, symlinks resolved; "" reads anywhere
	log  *ReadLog
}

func (f osFiles) ReadFile(name string) ([]byte, error) {
	if !filepath.IsAbs(name) {
		name = filepath.Join(f.dir, name)
	}
	f.log.add(name)
	if f.root == "" {
		file, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		defer file.Close()
		return readBounded(file)
	}
	// the same check by path first, for a message that names the folder
	if err := f.inside(name); err != nil {
		return nil, err
	}
	abs, err := filepath.Abs(name)
	if err != nil {
		return nil, err
	}
	rel, err := filepath.Rel(f.root, abs)
	if err != nil {
		return nil, err
	}
	root, err := os.OpenRoot(f.root)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	file, err := root.Open(rel)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	return readBounded(file)
}

// readBounded reads an open file, refusing a huge one before reading it;
// each format then has its own, smaller limit (8 MiB for YAML and CSV).
func readBounded(file *os.File) ([]byte, error) {
	st, err := file.Stat()
	if err != nil {
		return nil, err
	}
	if st.Size() > maxReadBytes {
		return nil, fmt.Errorf("it is %d MiB; deckpress reads files of at most %d MiB", st.Size()>>20, maxReadBytes>>20)
	}
	return io.ReadAll(file)
}

// maxReadBytes is the largest file deckpress reads: the largest picture.
const maxReadBytes = templates.MaxImageBytes

// inside checks (unless f.root is "") that name lies inside f.root, both
// as written and once its symlinks are resolved.
func (f osFiles) inside(name string) error {
	if f.root == "" {
		return nil
	}
	name, err := filepath.Abs(name)
	if err != nil {
		return err
	}
	if !within(f.root, name) {
		return outsideError{f.shownRoot()}
	}
	real, err := filepath.EvalSymlinks(name)
	if err != nil {
		return err // missing or unreadable: the read would fail the same way
	}
	if !within(f.root, real) {
		return outsideError{f.shownRoot()}
	}
	return nil
}

// shownRoot is the project folder as messages show it: relative to the
// working folder when it lies inside it.
func (f osFiles) shownRoot() string {
	if wd, err := filepath.Abs(f.dir); err == nil {
		if real, err := filepath.EvalSymlinks(wd); err == nil && within(real, f.root) {
			rel, _ := filepath.Rel(real, f.root)
			return rel
		}
	}
	return f.root
}

// within reports whether path lies in folder dir (or is dir).
func within(dir, path string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// outsideError refuses a file outside the project folder.
type outsideError struct{ root string }

func (e outsideError) Error() string {
	return fmt.Sprintf("it lies outside the project folder \"%s\" (--allow-outside permits this)", e.root)
}

// namedFiles returns how the input at path (as given, relative to the
// working folder) reads the files it names: contained in its project
// folder, the nearest folder at or above the input's own that holds a
// project file (deckpress.yaml), else the input's folder.
func namedFiles(env Env, path string) osFiles {
	files := osFiles{dir: env.Dir, log: env.Reads}
	if env.AllowOutside {
		return files
	}
	dir, _ := filepath.Abs(filepath.Dir(env.Abs(path)))
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		dir = real
	}
	files.root = dir
	for d := dir; ; {
		if _, err := os.Stat(filepath.Join(d, cards.ProjectFile)); err == nil {
			files.root = d
			break
		}
		up := filepath.Dir(d)
		if up == d {
			break
		}
		d = up
	}
	return files
}

// projectRoot returns how to check that the inputs a project file in dir
// names lie in dir; with --allow-outside, anywhere goes.
func projectRoot(env Env, dir string) osFiles {
	files := osFiles{dir: env.Dir}
	if env.AllowOutside {
		return files
	}
	files.root, _ = filepath.Abs(env.Abs(dir))
	if real, err := filepath.EvalSymlinks(files.root); err == nil {
		files.root = real
	}
	return files
}

// ReadLog gathers the files a build reads; it is safe for concurrent use.
type ReadLog struct {
	mu    sync.Mutex
	files map[string]bool
}

func (l *ReadLog) add(name string) {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.files == nil {
		l.files = map[string]bool{}
	}
	l.files[name] = true
}

// List returns the files read, sorted.
func (l *ReadLog) List() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []string
	for f := range l.files {
		out = append(out, f)
	}
	sort.Strings(out)
	return out
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
// later), or for the inputs its project file (deckpress.yaml) lists, which
// then share the project's print settings.
func argInputs(env Env, args []string, outDir string) ([]input, cards.Diagnostics, error) {
	var out []input
	var diags cards.Diagnostics
	for _, a := range args {
		if filepath.Base(a) == cards.ProjectFile {
			a = filepath.Dir(a)
		}
		st, err := os.Stat(env.Abs(a))
		if err != nil {
			return nil, diags, fmt.Errorf("%s: %w", a, cards.Cause(err))
		}
		if !st.IsDir() {
			in, err := readInput(env, a, outDir)
			if err != nil {
				return nil, diags, err
			}
			in.named = true
			out = append(out, in)
			continue
		}
		ins, ds, err := folderInputs(env, a, outDir)
		diags = append(diags, ds...)
		if err != nil {
			return nil, diags, err
		}
		out = append(out, ins...)
	}
	return out, diags, nil
}

func readInput(env Env, p, outDir string) (input, error) {
	src, err := osFiles{dir: env.Dir, log: env.Reads}.ReadFile(p)
	if err != nil {
		return input{}, fmt.Errorf("%s: %w", p, cards.Cause(err))
	}
	return input{path: p, src: src, files: namedFiles(env, p), outDir: outDir}, nil
}

// folderInputs lists a folder's inputs: those of its project file, or every
// YAML file in it.
func folderInputs(env Env, dir, outDir string) ([]input, cards.Diagnostics, error) {
	projPath := filepath.Join(dir, cards.ProjectFile)
	var proj *cards.Project
	var diags cards.Diagnostics
	if src, err := (osFiles{dir: env.Dir, log: env.Reads}).ReadFile(projPath); err == nil {
		root, ds := cards.Parse(projPath, src)
		diags = append(diags, ds...)
		if root != nil {
			var more cards.Diagnostics
			proj, more = cards.ReadProject(projPath, root)
			diags = append(diags, more...)
		}
	}
	var names []string
	if proj != nil && proj.Inputs != nil {
		within := projectRoot(env, dir)
		for _, n := range proj.Inputs {
			p := cards.Resolve(projPath, n.Value)
			if err := within.inside(env.Abs(p)); errors.As(err, new(outsideError)) {
				diags.Errorf(n.Pos, "inputs: %s: %v", n.Value, err)
				continue
			}
			st, err := os.Stat(env.Abs(p))
			if err != nil {
				diags.Errorf(n.Pos, "inputs: %s: %v", n.Value, cards.Cause(err))
				continue
			}
			if !st.IsDir() {
				names = append(names, p)
				continue
			}
			more, err := YAMLFiles(env, p)
			if err != nil {
				return nil, diags, err
			}
			names = append(names, more...)
		}
	} else {
		more, err := YAMLFiles(env, dir)
		if err != nil {
			return nil, diags, err
		}
		names = more
		if len(names) == 0 {
			return nil, diags, fmt.Errorf("%s: no YAML files in this folder", dir)
		}
	}
	var shared output.PrintOptions
	if proj != nil {
		shared = output.ReadPrint(proj.Print, &diags)
	}
	var out []input
	for _, n := range names {
		in, err := readInput(env, n, outDir)
		if err != nil {
			return nil, diags, err
		}
		in.project = shared
		out = append(out, in)
	}
	return out, diags, nil
}

// YAMLFiles lists the YAML files of a folder (not its sub-folders), but
// its project file.
func YAMLFiles(env Env, dir string) ([]string, error) {
	entries, err := os.ReadDir(env.Abs(dir))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", dir, cards.Cause(err))
	}
	var out []string
	for _, e := range entries {
		ext := strings.ToLower(filepath.Ext(e.Name()))
		if e.IsDir() || (ext != ".yaml" && ext != ".yml") || e.Name() == cards.ProjectFile {
			continue
		}
		out = append(out, filepath.Join(dir, e.Name()))
	}
	return out, nil
}

// stem returns a file's name without folder and extension.
func stem(p string) string {
	base := filepath.Base(p)
	return strings.TrimSuffix(base, filepath.Ext(base))
}

// NoInputsError says that the inputs hold no file of the format a command
// needs (rules files for rules, decks for preview): a usage error.
type NoInputsError struct {
	Inputs []string
	Format string // "rules", "deck"
}

func (e *NoInputsError) Error() string {
	return fmt.Sprintf("%s: no %s file here; give a %s file, or a folder that holds one", strings.Join(e.Inputs, ", "), e.Format, e.Format)
}
