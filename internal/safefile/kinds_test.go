package safefile

import (
	"errors"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"testing"
)

// TestNotRegularMessages: the refusal names what the file is, one name a
// file type (fs.FileMode's type bits), a block device as a device and any
// other type as a special file.
func TestNotRegularMessages(t *testing.T) {
	tests := []struct {
		mode fs.FileMode
		want string
	}{
		{fs.ModeDir | 0o755, "it is a folder, not a regular file"},
		{fs.ModeNamedPipe | 0o644, "it is a named pipe, not a regular file"},
		{fs.ModeDevice | fs.ModeCharDevice | 0o666, "it is a device, not a regular file"},
		{fs.ModeDevice | 0o660, "it is a device, not a regular file"},
		{fs.ModeSocket | 0o755, "it is a socket, not a regular file"},
		{fs.ModeIrregular, "it is a special file, not a regular file"},
		{fs.ModeSymlink | 0o777, "it is a special file, not a regular file"},
	}
	for _, tt := range tests {
		if got := (&NotRegularError{Mode: tt.mode}).Error(); got != tt.want {
			t.Errorf("mode %v: %q, want %q", tt.mode, got, tt.want)
		}
	}
}

// TestRefusesASocket: a Unix socket is refused, without blocking (on Linux
// the open itself fails, with ENXIO).
func TestRefusesASocket(t *testing.T) {
	dir, err := os.MkdirTemp("", "sock") // short: a socket's path is at most 108 bytes
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	name := filepath.Join(dir, "s.csv")
	l, err := net.Listen("unix", name)
	if err != nil {
		t.Skip("no Unix sockets here:", err)
	}
	defer l.Close()
	within(t, func() {
		if data, err := ReadFile(nil, name, MaxBytes); data != nil || err == nil {
			t.Errorf("a socket: %d bytes, %v; want refused", len(data), err)
		}
	})
}

// TestTooLargeMessages: a file refused from its size says its size and the
// limit in MiB (whole MiB, rounded down); one refused while read says it
// holds more than the limit.
func TestTooLargeMessages(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "big.png")
	f, err := os.Create(name)
	if err != nil {
		t.Fatal(err)
	}
	// sparse: 70 MiB and a half reported, almost nothing on disc
	if err := f.Truncate(70<<20 + 1<<19); err != nil {
		t.Skip("no sparse files here:", err)
	}
	f.Close()
	_, err = ReadFile(nil, name, MaxBytes)
	var tl *TooLargeError
	if !errors.As(err, &tl) || tl.Size != 70<<20+1<<19 || tl.Limit != MaxBytes {
		t.Fatalf("a 70.5 MiB file: %v, want refused from its size", err)
	}
	if want := "it is 70 MiB; deckpress reads files of at most 64 MiB"; err.Error() != want {
		t.Errorf("%q, want %q", err.Error(), want)
	}
	if got, want := (&TooLargeError{Size: -1, Limit: 16 << 20}).Error(), "it holds more than 16 MiB; deckpress reads files of at most 16 MiB"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
}
