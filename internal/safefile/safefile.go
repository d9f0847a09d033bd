// Package safefile opens the files deckpress reads, which are often
// someone else's. It is the one way deckpress opens an input, a picture, a
// font, a CSV, template or list file, a project file or a folder of
// inputs:
//
//   - a name is opened once, and what was opened is checked, never the
//     name again: the mode comes from fstat on the open descriptor, so a
//     file swapped in after a check cannot be read in its place;
//   - the open does not block: it is made with O_NONBLOCK, so that a named
//     pipe with no writer is refused instead of waiting for one;
//   - anything but a regular file (or, where asked, a folder) is refused: a
//     named pipe, a device such as /dev/zero, a socket;
//   - every read is bounded by a byte limit through io.LimitReader, whatever
//     size the file reports (a device or a file growing while read reports
//     a size that is not what it holds);
//   - with an [os.Root], the name is opened inside the root, which refuses
//     race-free any name that leaves it by ".." or by a symlink.
package safefile

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"syscall"
)

// MaxBytes is the most any file read by deckpress may hold (64 MiB, the
// largest picture); each format has its own, smaller limit as well.
const MaxBytes = 64 << 20

// NotRegularError refuses what is not a regular file.
type NotRegularError struct {
	Mode fs.FileMode
}

func (e *NotRegularError) Error() string {
	return "it is " + kind(e.Mode) + ", not a regular file"
}

// kinds name the types of file a message can meet, by their mode bits,
// in the order they are tried (a character device has both device bits).
var kinds = []struct {
	bits fs.FileMode
	name string
}{
	{fs.ModeDir, "a folder"},
	{fs.ModeNamedPipe, "a named pipe"},
	{fs.ModeCharDevice | fs.ModeDevice, "a device"},
	{fs.ModeSocket, "a socket"},
}

// kind names a file mode's type for a message.
func kind(m fs.FileMode) string {
	for _, k := range kinds {
		if m&k.bits != 0 {
			return k.name
		}
	}
	return "a special file"
}

// TooLargeError refuses a file holding more than Limit bytes; Size is what
// it reported, or -1 when the reading found it larger than it said.
type TooLargeError struct {
	Size, Limit int64
}

func (e *TooLargeError) Error() string {
	if e.Size < 0 {
		return fmt.Sprintf("it holds more than %d MiB; deckpress reads files of at most %d MiB", e.Limit>>20, e.Limit>>20)
	}
	return fmt.Sprintf("it is %d MiB; deckpress reads files of at most %d MiB", e.Size>>20, e.Limit>>20)
}

// Open opens name for reading, inside root when root is not nil (name is
// then relative to it), without blocking, and returns what the open
// descriptor is. It refuses what is neither a regular file nor a folder;
// the caller refuses a folder where it wants a file.
func Open(root *os.Root, name string) (*os.File, fs.FileInfo, error) {
	const flags = os.O_RDONLY | syscall.O_NONBLOCK | syscall.O_NOCTTY
	var f *os.File
	var err error
	if root != nil {
		f, err = root.OpenFile(name, flags, 0)
	} else {
		f, err = os.OpenFile(name, flags, 0)
	}
	if err != nil {
		return nil, nil, err
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	if !info.Mode().IsRegular() && !info.IsDir() {
		f.Close()
		return nil, nil, &NotRegularError{info.Mode()}
	}
	return f, info, nil
}

// ReadAll reads f, opened by [Open], refusing a folder and a file of more
// than limit bytes: at once when its size says so, else as soon as the
// read passes limit.
func ReadAll(f *os.File, info fs.FileInfo, limit int64) ([]byte, error) {
	if !info.Mode().IsRegular() {
		return nil, &NotRegularError{info.Mode()}
	}
	if info.Size() > limit {
		return nil, &TooLargeError{Size: info.Size(), Limit: limit}
	}
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, &TooLargeError{Size: -1, Limit: limit}
	}
	return data, nil
}

// ReadFile opens and reads the regular file name (inside root when root is
// not nil), at most limit bytes of it.
func ReadFile(root *os.Root, name string, limit int64) ([]byte, error) {
	f, info, err := Open(root, name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadAll(f, info, limit)
}
