package build

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"syscall"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/data"
	"github.com/deckpress/deckpress/internal/safefile"
	"github.com/deckpress/deckpress/output"
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
	// group names the project file the input belongs to ("" for none);
	// tuck is its tuckbox: settings, nil when it asks for none.
	group string
	tuck  *output.TuckOptions
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
	file, info, err := f.open(name)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	return safefile.ReadAll(file, info, maxReadBytes)
}

// open opens name once, as every file is read (see [safefile]): a regular
// file or a folder, inside f.root unless it is "". The open through the
// root decides, never a check of the path before or after it.
func (f osFiles) open(name string) (*os.File, fs.FileInfo, error) {
	if !filepath.IsAbs(name) {
		name = filepath.Join(f.dir, name)
	}
	f.log.add(name)
	if f.root == "" {
		return safefile.Open(nil, name)
	}
	abs, err := filepath.Abs(name)
	if err != nil {
		return nil, nil, err
	}
	rel, err := filepath.Rel(f.root, abs)
	if err != nil || !filepath.IsLocal(rel) {
		// reached through a symlinked folder (f.root has its symlinks
		// resolved): the name relative to the root, which decides
		if dir, derr := filepath.EvalSymlinks(filepath.Dir(abs)); derr == nil {
			rel, err = filepath.Rel(f.root, filepath.Join(dir, filepath.Base(abs)))
		}
	}
	if err != nil || !filepath.IsLocal(rel) {
		return nil, nil, outsideError{f.shownRoot()}
	}
	root, err := os.OpenRoot(f.root)
	if err != nil {
		return nil, nil, err
	}
	defer root.Close()
	file, info, err := safefile.Open(root, rel)
	// The root's own refusal of a name leaving it is the one error that
	// is neither the system's (missing, not permitted, a loop) nor ours.
	var errno syscall.Errno
	if err != nil && !errors.As(err, &errno) && !errors.As(err, new(*safefile.NotRegularError)) {
		return nil, nil, outsideError{f.shownRoot()}
	}
	return file, info, err
}

// maxReadBytes is the largest file deckpress reads: the largest picture.
const maxReadBytes = safefile.MaxBytes

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
	files := env.files()
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
		if up == d || d == env.Within {
			break // the top, or the folder the run stays in
		}
		d = up
	}
	return files
}

// folderRoot returns how to read the files of the folder dir (its
// project file, its YAML files, the inputs its project file lists):
// inside dir; with --allow-outside, anywhere.
func folderRoot(env Env, dir string) osFiles {
	files := env.files()
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

// List returns the files read, sorted; a nil log has none.
func (l *ReadLog) List() []string {
	if l == nil {
		return nil
	}
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
// outDir/<kit>/; a kit's project file (deckpress.yaml) gives its files'
// shared settings, as a folder's does.
func builtinInputs(outDir string) ([]input, error) {
	var out []input
	for _, kit := range data.Kits() {
		names, err := fs.Glob(data.FS, path.Join("kits", kit, "*.yaml"))
		if err != nil {
			return nil, err
		}
		sort.Strings(names)
		var group string
		var shared output.PrintOptions
		var tuck *output.TuckOptions
		projPath := path.Join("kits", kit, cards.ProjectFile)
		if src, err := fs.ReadFile(data.FS, projPath); err == nil {
			var diags cards.Diagnostics
			root, ds := cards.Parse(projPath, src)
			diags = append(diags, ds...)
			if root != nil {
				proj, ds := cards.ReadProject(projPath, root)
				diags = append(diags, ds...)
				if proj != nil {
					shared, tuck, ds = readShared(proj)
					diags = diags.Extend(ds)
				}
			}
			if err := diags.Err(); err != nil {
				return nil, err // a kit's own file: a bug, not the user's
			}
			group = projPath
		}
		for _, n := range names {
			if n == projPath {
				continue
			}
			src, err := fs.ReadFile(data.FS, n)
			if err != nil {
				return nil, err
			}
			out = append(out, input{path: n, src: src, files: embeddedFiles{}, outDir: filepath.Join(outDir, kit),
				project: shared, group: group, tuck: tuck})
		}
	}
	return out, nil
}

// argInputs reads the files named on the command line; a folder stands for
// every YAML file in it (those that are not a buildable format are skipped
// later), or for the inputs its project file (deckpress.yaml) lists, which
// then share the project's print settings. Each argument is opened once,
// and what was opened decides whether it is a file or a folder.
func argInputs(env Env, args []string, outDir string) ([]input, cards.Diagnostics, error) {
	var out []input
	var diags cards.Diagnostics
	for _, a := range args {
		if filepath.Base(a) == cards.ProjectFile {
			a = filepath.Dir(a)
		}
		file, info, err := env.files().open(a)
		if err != nil {
			return nil, diags, fmt.Errorf("%s: %w", a, cards.Cause(err))
		}
		if !info.IsDir() {
			src, err := safefile.ReadAll(file, info, maxReadBytes)
			file.Close()
			if err != nil {
				return nil, diags, fmt.Errorf("%s: %w", a, cards.Cause(err))
			}
			in := newInput(env, a, src, outDir)
			in.named = true
			out = append(out, in)
			continue
		}
		ins, ds, err := folderInputs(env, a, file, outDir)
		file.Close()
		diags = append(diags, ds...)
		if err != nil {
			return nil, diags, err
		}
		out = append(out, ins...)
	}
	return out, diags, nil
}

func newInput(env Env, p string, src []byte, outDir string) input {
	return input{path: p, src: src, files: namedFiles(env, p), outDir: outDir}
}

// folderInputs lists the inputs of the open folder dir: those of its
// project file, or every YAML file in it. Each is read inside dir (unless
// --allow-outside): a symlink among them or a project input leading out of
// it, or one that is not a regular file, is an error at its place.
func folderInputs(env Env, dir string, folder *os.File, outDir string) ([]input, cards.Diagnostics, error) {
	files := folderRoot(env, dir)
	projPath := filepath.Join(dir, cards.ProjectFile)
	var proj *cards.Project
	var diags cards.Diagnostics
	src, err := files.ReadFile(projPath)
	switch {
	case err == nil:
		root, ds := cards.Parse(projPath, src)
		diags = append(diags, ds...)
		if root != nil {
			var more cards.Diagnostics
			proj, more = cards.ReadProject(projPath, root)
			diags = append(diags, more...)
		}
	case !errors.Is(err, fs.ErrNotExist):
		diags.Errorf(cards.Pos{File: projPath, Line: 1, Col: 1}, "%v", cards.Cause(err))
		return nil, diags, nil
	}
	var out []input
	// read reads the input p, or says at pos why it cannot be read.
	read := func(p string, pos cards.Pos, label string) {
		src, err := files.ReadFile(p)
		if err != nil {
			diags.Errorf(pos, "%s%v", label, cards.Cause(err))
			return
		}
		out = append(out, newInput(env, p, src, outDir))
	}
	if proj != nil && proj.Inputs != nil {
		for _, n := range proj.Inputs {
			p := cards.Resolve(projPath, n.Value)
			label := "inputs: " + n.Value + ": "
			file, info, err := files.open(p)
			if err != nil {
				diags.Errorf(n.Pos, "%s%v", label, cards.Cause(err))
				continue
			}
			if !info.IsDir() {
				src, err := safefile.ReadAll(file, info, maxReadBytes)
				file.Close()
				if err != nil {
					diags.Errorf(n.Pos, "%s%v", label, cards.Cause(err))
					continue
				}
				out = append(out, newInput(env, p, src, outDir))
				continue
			}
			names, err := yamlNames(file, p)
			file.Close()
			if err != nil {
				return nil, diags, err
			}
			for _, m := range names {
				read(m, n.Pos, label+filepath.Base(m)+": ")
			}
		}
	} else {
		names, err := yamlNames(folder, dir)
		if err != nil {
			return nil, diags, err
		}
		if len(names) == 0 {
			return nil, diags, &EmptyFolderError{Dir: dir}
		}
		for _, m := range names {
			read(m, cards.Pos{File: m, Line: 1, Col: 1}, "")
		}
	}
	var shared output.PrintOptions
	var tuck *output.TuckOptions
	if proj != nil {
		var ds cards.Diagnostics
		shared, tuck, ds = readShared(proj)
		diags = diags.Extend(ds)
	}
	for i := range out {
		out[i].project = shared
		if proj != nil {
			out[i].group, out[i].tuck = projPath, tuck
		}
	}
	return out, diags, nil
}

// readShared reads what a project gives all its inputs: its print settings
// and its tuckbox: value, nil when it asks for no tuck boxes (or is wrong,
// which the diagnostics say).
func readShared(proj *cards.Project) (output.PrintOptions, *output.TuckOptions, cards.Diagnostics) {
	shared, diags := output.ReadPrint(proj.Print)
	t, want, ds := output.ReadTuck(proj.Tuckbox)
	diags = diags.Extend(ds)
	if !want {
		return shared, nil, diags
	}
	return shared, &t, diags
}

// YAMLFiles lists the YAML files of a folder (not its sub-folders), but
// its project file.
func YAMLFiles(env Env, dir string) ([]string, error) {
	folder, info, err := env.files().open(dir)
	if err == nil && !info.IsDir() {
		folder.Close()
		err = errors.New("not a folder")
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", dir, cards.Cause(err))
	}
	defer folder.Close()
	return yamlNames(folder, dir)
}

// yamlNames lists the YAML files of the open folder dir, sorted, but its
// project file and its sub-folders.
func yamlNames(folder *os.File, dir string) ([]string, error) {
	entries, err := folder.ReadDir(-1)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", dir, cards.Cause(err))
	}
	var out []string
	for _, e := range entries {
		if !e.IsDir() && FolderMember(e.Name()) {
			out = append(out, filepath.Join(dir, e.Name()))
		}
	}
	sort.Strings(out)
	return out, nil
}

// FolderMember reports whether a file of this name in a folder given as an
// input is one of its inputs: a YAML file, but the project file.
func FolderMember(name string) bool {
	ext := strings.ToLower(filepath.Ext(name))
	return (ext == ".yaml" || ext == ".yml") && name != cards.ProjectFile
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

// EmptyFolderError says that a folder named as an input holds no YAML
// file: a usage error, as naming no input is.
type EmptyFolderError struct{ Dir string }

func (e *EmptyFolderError) Error() string { return e.Dir + ": no YAML files in this folder" }

// eachOfFormat parses every input and calls use with those that start
// with key (the format's first key), and returns how many were found: a
// file that cannot be parsed counts (it is reported, not skipped), a file
// of another format is skipped, an error (wrong) when it was named.
func eachOfFormat(ins []input, key, wrong string, diags *cards.Diagnostics, use func(in input, root *cards.Node)) (found int) {
	for _, in := range ins {
		root, ds := cards.Parse(in.path, in.src)
		*diags = append(*diags, ds...)
		if root == nil {
			found++
			continue
		}
		if cards.FirstKey(root) != key {
			if in.named {
				diags.Errorf(root.Pos, "%s", wrong)
			}
			continue
		}
		found++
		use(in, root)
	}
	return found
}
