// Package archtest holds the tests that keep the shape of DESIGN.md: the
// top level of the design card, and for every package the module packages
// and third-party libraries it may import (cli → output → templates →
// cards/layout, cli → rules → cards; each third-party library confined to
// its adapter package).
package archtest
