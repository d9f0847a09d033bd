// Package archtest holds the test that keeps the dependency direction of
// DESIGN.md: cli → output → templates → cards/layout, cli → rules → cards,
// and each third-party library confined to its adapter package.
package archtest
