package safefile

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	_ "github.com/deckpress/deckpress/internal/golden"
)

// within runs f and fails the test if it takes more than two seconds: a
// read that blocks is the bug these tests look for.
func within(t *testing.T, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { defer close(done); f() }()
	select {
	case <-done:
	case <-time.After(2 * time.Second):
		t.Fatal("the read blocked")
	}
}

// TestRefusesWhatIsNotARegularFile: a named pipe with no writer, a device
// (directly, through a symlink, inside a root) and a folder are refused,
// without blocking and without reading them.
func TestRefusesWhatIsNotARegularFile(t *testing.T) {
	dir := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe.yaml"), 0o644); err != nil {
		t.Skip("no named pipes here:", err)
	}
	if err := os.Symlink("/dev/zero", filepath.Join(dir, "zero.png")); err != nil {
		t.Skip("no symlinks here:", err)
	}
	os.Mkdir(filepath.Join(dir, "folder"), 0o755)
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	tests := []struct {
		name string
		root *os.Root
		path string
		want string
	}{
		{"named pipe", nil, filepath.Join(dir, "pipe.yaml"), "it is a named pipe, not a regular file"},
		{"named pipe in a root", root, "pipe.yaml", "it is a named pipe, not a regular file"},
		{"/dev/zero", nil, "/dev/zero", "it is a device, not a regular file"},
		{"/dev/zero by a symlink", nil, filepath.Join(dir, "zero.png"), "it is a device, not a regular file"},
		{"a folder", nil, filepath.Join(dir, "folder"), "it is a folder, not a regular file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			within(t, func() {
				data, err := ReadFile(tt.root, tt.path, MaxBytes)
				var nr *NotRegularError
				if !errors.As(err, &nr) || err.Error() != tt.want || data != nil {
					t.Errorf("got %d bytes, error %v; want %q", len(data), err, tt.want)
				}
			})
		})
	}
}

// TestLimitIsReadNotTrusted: a file of /proc reports a size of 0 but holds
// more; the limit is what is read, not what the size says.
func TestLimitIsReadNotTrusted(t *testing.T) {
	const name = "/proc/self/maps"
	st, err := os.Stat(name)
	if err != nil || st.Size() != 0 {
		t.Skip("no /proc file reporting size 0 here")
	}
	data, err := ReadFile(nil, name, 16)
	var tl *TooLargeError
	if !errors.As(err, &tl) || tl.Size != -1 || data != nil {
		t.Errorf("got %d bytes, error %v; want the read refused past 16 bytes", len(data), err)
	}
	if err == nil || !strings.Contains(err.Error(), "more than") {
		t.Errorf("message %v should say the file holds more than the limit", err)
	}
}

// TestSizeRefusedBeforeReading: a file reporting more than the limit is
// refused from its size; one at the limit is read whole.
func TestSizeRefusedBeforeReading(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big")
	os.WriteFile(big, make([]byte, 101), 0o644)
	exact := filepath.Join(dir, "exact")
	os.WriteFile(exact, make([]byte, 100), 0o644)
	if _, err := ReadFile(nil, big, 100); !errors.As(err, new(*TooLargeError)) {
		t.Errorf("101 bytes with a limit of 100: %v, want refused", err)
	}
	if data, err := ReadFile(nil, exact, 100); err != nil || len(data) != 100 {
		t.Errorf("100 bytes with a limit of 100: %d bytes, %v", len(data), err)
	}
}

// TestRootRefusesEscape: inside a root, a symlink leading out is not
// followed; one staying inside is.
func TestRootRefusesEscape(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "in"), 0o755)
	os.WriteFile(filepath.Join(dir, "secret"), []byte("secret"), 0o644)
	os.WriteFile(filepath.Join(dir, "in", "ok"), []byte("ok"), 0o644)
	os.Symlink(filepath.Join(dir, "secret"), filepath.Join(dir, "in", "out"))
	os.Symlink("ok", filepath.Join(dir, "in", "alias"))
	root, err := os.OpenRoot(filepath.Join(dir, "in"))
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	if data, err := ReadFile(root, "out", MaxBytes); err == nil {
		t.Errorf("read %q through a symlink leading out of the root", data)
	}
	if data, err := ReadFile(root, "alias", MaxBytes); err != nil || string(data) != "ok" {
		t.Errorf("symlink inside the root: %q, %v", data, err)
	}
}
