package pdf

import (
	"errors"
	"testing"
)

// TestGuard: a panic inside the calls into fpdf is an error naming the
// library, and an error or a result passes through.
func TestGuard(t *testing.T) {
	if b, err := guard(func() ([]byte, error) { panic("index out of range") }); b != nil || err == nil || err.Error() != "the PDF library failed: index out of range" {
		t.Errorf("a panic: %q, %v", b, err)
	}
	want := errors.New("broken")
	if _, err := guard(func() ([]byte, error) { return nil, want }); err != want {
		t.Errorf("an error: %v", err)
	}
	if b, err := guard(func() ([]byte, error) { return []byte("%PDF"), nil }); string(b) != "%PDF" || err != nil {
		t.Errorf("a result: %q, %v", b, err)
	}
}
