package tts

import "testing"

// TestFileURIDrives: a Windows drive is a letter, A to Z or a to z, a
// colon and a slash or backslash, the drive's root alone included; the
// characters just outside the letters' ranges make no drive.
func TestFileURIDrives(t *testing.T) {
	for _, d := range []string{"a", "z", "A", "Z", "m"} {
		if got, want := FileURI(d+`:\x`), "file:///"+d+":/x"; got != want {
			t.Errorf("FileURI(%s:\\x) = %q, want %q", d, got, want)
		}
	}
	if got := FileURI(`C:\`); got != "file:///C:/" {
		t.Errorf(`FileURI(C:\) = %q, want file:///C:/`, got)
	}
	for _, d := range []string{"@", "[", "`", "{", "1"} {
		if got := FileURI(d + `:\x`); got == "file:///"+d+":/x" {
			t.Errorf("FileURI(%s:\\x) = %q: taken for a drive", d, got)
		}
	}
}
