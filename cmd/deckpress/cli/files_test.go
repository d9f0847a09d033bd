package cli

import (
	"bytes"
	"errors"
	"image"
	"image/png"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/deckpress/deckpress/output"
)

// The rule (README, "Untrusted files"): every file deckpress reads is
// opened once and refused, without blocking, when it is not a regular
// file — a named pipe, a device such as /dev/zero — whatever names it.

// faceDeck is a one-card deck whose template is t, with extra top-level
// keys before it.
func faceDeck(extra, t string) string {
	return "deck: d\n" + extra + "templates:\n  t: {elements: [" + t + "]}\nfront: t\nback: t\ncards:\n  - {name: A}\n"
}

// irregularCases is, for each kind of file deckpress reads, a folder
// (file name to content) in which the file "special" names is to be made
// a named pipe or a symlink to /dev/zero, and the arguments that build it.
var irregularCases = []struct {
	name    string
	files   map[string]string
	special string
	args    []string
}{
	{"input", nil, "deck.yaml", []string{"deck.yaml"}},
	{"font", map[string]string{"deck.yaml": faceDeck("fonts: {F: f.ttf}\n", `{text: {value: "{{name}}", font: F}}`)}, "f.ttf", []string{"deck.yaml"}},
	{"picture", map[string]string{"deck.yaml": faceDeck("", `{image: {x: 0, y: 0, w: 10, h: 10, src: p.png}}`)}, "p.png", []string{"deck.yaml"}},
	{"CSV", map[string]string{"deck.yaml": "deck: d\ndata: d.csv\ntemplates:\n  t: {elements: []}\nfront: t\nback: t\n"}, "d.csv", []string{"deck.yaml"}},
	{"template file", map[string]string{"deck.yaml": "deck: d\nuse: t.yaml\nfront: t\nback: t\ncards:\n  - {name: A}\n"}, "t.yaml", []string{"deck.yaml"}},
	{"list file", map[string]string{"deck.yaml": "slugfest: L\nteams: l.txt\n"}, "l.txt", []string{"deck.yaml"}},
	{"project file", map[string]string{"p/deck.yaml": faceDeck("", "")}, "p/deckpress.yaml", []string{"p"}},
	{"project input", map[string]string{"p/deckpress.yaml": "project: p\ninputs: [x.yaml]\n"}, "p/x.yaml", []string{"p"}},
	{"folder member", map[string]string{"f/good.yaml": faceDeck("", "")}, "f/x.yaml", []string{"f"}},
}

// buildWithin runs deckpress with args in dir, failing the test if it has
// not returned after two seconds.
func buildWithin(t *testing.T, dir string, args ...string) (int, string) {
	t.Helper()
	type result struct {
		code   int
		stderr string
	}
	done := make(chan result, 1)
	go func() {
		code, _, stderr := runCLI(t, dir, args...)
		done <- result{code, stderr}
	}()
	select {
	case r := <-done:
		return r.code, r.stderr
	case <-time.After(2 * time.Second):
		t.Fatalf("deckpress %s did not return within 2 s", strings.Join(args, " "))
		return 0, ""
	}
}

func TestIrregularFilesRefused(t *testing.T) {
	for _, tt := range irregularCases {
		for _, kind := range []string{"named pipe", "device"} {
			t.Run(tt.name+"/"+kind, func(t *testing.T) {
				dir := t.TempDir()
				for name, src := range tt.files {
					writeFile(t, filepath.Join(dir, filepath.FromSlash(name)), []byte(src))
				}
				special := filepath.Join(dir, filepath.FromSlash(tt.special))
				os.MkdirAll(filepath.Dir(special), 0o755)
				args := append([]string{"build"}, tt.args...)
				if kind == "named pipe" {
					if err := syscall.Mkfifo(special, 0o644); err != nil {
						t.Skip("no named pipes here:", err)
					}
				} else {
					if err := os.Symlink("/dev/zero", special); err != nil {
						t.Skip("no symlinks here:", err)
					}
					args = append(args, "--allow-outside") // else refused as outside
				}
				code, stderr := buildWithin(t, dir, args...)
				want := "it is a " + kind + ", not a regular file"
				if code != 1 || !strings.Contains(stderr, want) {
					t.Errorf("exit %d, want 1 and %q in:\n%s", code, want, stderr)
				}
				if _, err := os.Stat(filepath.Join(dir, "out")); err == nil {
					t.Errorf("something was written to out/")
				}
			})
		}
	}
}

// TestDevZeroDirectly: /dev/zero named on the command line is refused,
// not read without end.
func TestDevZeroDirectly(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero here")
	}
	code, stderr := buildWithin(t, t.TempDir(), "build", "/dev/zero")
	if want := "deckpress: /dev/zero: it is a device, not a regular file\n"; code != 1 || stderr != want {
		t.Errorf("exit %d, stderr %q; want 1 and %q", code, stderr, want)
	}
}

// TestSwappedSymlinkRace swaps a symlink between a CSV inside the project
// and one outside it while the deck naming it is checked again and again:
// each check reads the inside one or refuses the outside one, never reads
// the outside one (which would fail with its own CSV error).
func TestSwappedSymlinkRace(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "game", "deckpress.yaml"), []byte("project: game\n"))
	writeFile(t, filepath.Join(dir, "game", "in.csv"), []byte("name\nfine\n"))
	writeFile(t, filepath.Join(dir, "secrets", "out.csv"), []byte("name\nstolen,with,too,many,fields\n"))
	writeFile(t, filepath.Join(dir, "game", "deck.yaml"), []byte("deck: d\ndata: link.csv\ntemplates:\n  t: {elements: []}\nfront: t\nback: t\n"))
	link := filepath.Join(dir, "game", "link.csv")
	if err := os.Symlink("in.csv", link); err != nil {
		t.Skip("no symlinks here:", err)
	}
	var stop atomic.Bool
	swapped := make(chan int)
	go func() {
		n := 0
		targets := []string{"in.csv", filepath.Join(dir, "secrets", "out.csv")}
		for ; !stop.Load(); n++ {
			tmp := link + ".new"
			os.Remove(tmp)
			os.Symlink(targets[n%2], tmp)
			os.Rename(tmp, link) // atomic: link always exists
		}
		swapped <- n
	}()
	var read, refused int
	deadline := time.Now().Add(3 * time.Second)
	for i := 0; i < 300 && time.Now().Before(deadline); i++ {
		code, _, stderr := runCLI(t, filepath.Join(dir, "game"), "check", "deck.yaml")
		switch {
		case code == 0:
			read++
		case code == 1 && strings.Contains(stderr, "outside the project folder"):
			refused++
		default:
			stop.Store(true)
			t.Fatalf("check %d: exit %d; the outside file was read:\n%s", i, code, stderr)
		}
	}
	stop.Store(true)
	n := <-swapped
	t.Logf("%d checks read the inside file, %d refused the outside one; %d swaps", read, refused, n)
	if refused == 0 {
		t.Errorf("no check saw the outside target: the race was not exercised")
	}
}

// TestSignalDuringWrite sends SIGTERM to a process (this test binary, run
// again as the helper below) holding a half-written staged file: it exits
// 143, its temporary file is removed, the earlier file is untouched.
func TestSignalDuringWrite(t *testing.T) {
	if dir := os.Getenv("DECKPRESS_SIGNAL_HELPER"); dir != "" {
		sig := make(chan os.Signal, 1)
		signal.Notify(sig, syscall.SIGTERM)
		st := output.NewStage()
		w, err := st.Create(filepath.Join(dir, "deck.pdf"))
		if err != nil {
			os.Exit(3)
		}
		w.Write([]byte("%PDF-1.7 half of a new file"))
		os.WriteFile(filepath.Join(dir, "ready"), nil, 0o644)
		onSignal(sig, os.Exit)
		return
	}
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "deck.pdf"), []byte("earlier"), 0o644)
	cmd := exec.Command(os.Args[0], "-test.run=^TestSignalDuringWrite$")
	cmd.Env = append(os.Environ(), "DECKPRESS_SIGNAL_HELPER="+dir)
	if err := cmd.Start(); err != nil {
		t.Skip("cannot run the helper:", err)
	}
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		if _, err := os.Stat(filepath.Join(dir, "ready")); err == nil {
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatal("the helper never staged its file")
		}
	}
	staged, _ := filepath.Glob(filepath.Join(dir, ".deck.pdf.deckpress-*.tmp"))
	if len(staged) != 1 {
		t.Fatalf("staged files %q, want one", staged)
	}
	cmd.Process.Signal(syscall.SIGTERM)
	err := cmd.Wait()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 143 {
		t.Errorf("helper ended with %v, want exit 143", err)
	}
	os.Remove(filepath.Join(dir, "ready"))
	entries, _ := os.ReadDir(dir)
	earlier, _ := os.ReadFile(filepath.Join(dir, "deck.pdf"))
	if len(entries) != 1 || string(earlier) != "earlier" {
		t.Errorf("folder holds %d entries, deck.pdf %q; want only the earlier deck.pdf", len(entries), earlier)
	}
}

// TestOutputOverInputRefused: a deck whose output would replace it (a
// deck file named deck.pdf built into its own folder, or a symlink to it)
// is refused and left as it was.
func TestOutputOverInputRefused(t *testing.T) {
	deck := faceDeck("", "")
	for _, tt := range []struct{ name, input, link string }{
		{"itself", "deck.pdf", ""},
		{"through a symlink", "cards.yaml", "out/cards.pdf"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFile(t, filepath.Join(dir, tt.input), []byte(deck))
			args := []string{"build", tt.input}
			if tt.link == "" {
				args = append(args, "-o", ".")
			} else {
				os.MkdirAll(filepath.Join(dir, "out"), 0o755)
				if err := os.Symlink(filepath.Join("..", tt.input), filepath.Join(dir, tt.link)); err != nil {
					t.Skip("no symlinks here:", err)
				}
			}
			code, _, stderr := runCLI(t, dir, args...)
			after, _ := os.ReadFile(filepath.Join(dir, tt.input))
			if code != 1 || !strings.Contains(stderr, "which this run reads") || string(after) != deck {
				t.Errorf("exit %d, input kept %v, stderr:\n%s", code, string(after) == deck, stderr)
			}
		})
	}
}

// TestNoWriterReplacesAnInput: every command that writes refuses an
// output that is a file the same run reads, and leaves it as it was: a
// rules file named r.pdf set into its own folder, a picture a contact
// sheet, a tuck box or a Tabletop Simulator thumbnail would replace, a
// hero file a lab report would.
func TestNoWriterReplacesAnInput(t *testing.T) {
	var pic bytes.Buffer
	png.Encode(&pic, image.NewGray(image.Rect(0, 0, 8, 8)))
	rules, err := os.ReadFile("../../../data/kits/galaga/rules.yaml")
	if err != nil {
		t.Fatal(err)
	}
	team, err := os.ReadFile("../../../data/kits/gladiators/iron-circus.yaml")
	if err != nil {
		t.Fatal(err)
	}
	other, err := os.ReadFile("../../../data/kits/gladiators/voltage-crew.yaml")
	if err != nil {
		t.Fatal(err)
	}
	// the deck draws deck.png (the thumbnail export tts names after the
	// deck) and deck-tuckbox.pdf, a PNG by its content (the tuck box's name)
	deck := faceDeck("size: poker\n", `{image: {x: 0, y: 0, w: 10, h: 10, src: deck.png}}, {image: {x: 20, y: 0, w: 10, h: 10, src: deck-tuckbox.pdf}}`)
	for _, c := range []struct {
		args  []string
		input string // the file that must stay as it was
	}{
		{[]string{"rules", "r.pdf", "-o", "."}, "r.pdf"},
		{[]string{"preview", "deck.yaml", "--sheet", "--dpi", "20", "-o", "deck.png"}, "deck.png"},
		{[]string{"tuckbox", "deck.yaml", "-o", "."}, "deck-tuckbox.pdf"},
		{[]string{"export", "tts", "deck.yaml", "-o", "."}, "deck.png"},
		{[]string{"sim", "gladiators", "--round-robin", "a.pdf", "voltage-crew.yaml", "--games", "2", "--report", "a.pdf"}, "a.pdf"},
	} {
		t.Run(c.args[0], func(t *testing.T) {
			dir := t.TempDir()
			files := map[string][]byte{"r.pdf": rules, "deck.yaml": []byte(deck), "deck.png": pic.Bytes(),
				"deck-tuckbox.pdf": pic.Bytes(), "a.pdf": team, "voltage-crew.yaml": other}
			for name, b := range files {
				writeFile(t, filepath.Join(dir, name), b)
			}
			code, _, stderr := runCLI(t, dir, c.args...)
			after, _ := os.ReadFile(filepath.Join(dir, c.input))
			if code != 1 || !strings.Contains(stderr, "which this run reads") || !bytes.Equal(after, files[c.input]) {
				t.Errorf("%v: exit %d, %s kept %v, stderr:\n%s", c.args, code, c.input, bytes.Equal(after, files[c.input]), stderr)
			}
		})
	}
}
