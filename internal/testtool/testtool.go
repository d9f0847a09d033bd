// Package testtool lets tests use outside programs (pdftoppm, pdfinfo,
// qpdf): a test skips when the program is missing, except when the CI
// environment variable is set, where a missing program fails the test.
package testtool

import (
	"os"
	"os/exec"
	"testing"
)

// Require returns the path of program, skipping or failing the test when
// it is not installed.
func Require(t testing.TB, program string) string {
	t.Helper()
	p, err := exec.LookPath(program)
	if err == nil {
		return p
	}
	if os.Getenv("CI") != "" {
		t.Fatalf("%s is not installed; CI must install it (see .ci/run)", program)
	}
	t.Skipf("%s is not installed; skipping", program)
	return ""
}
