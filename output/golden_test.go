package output

// internal/golden defines the -update flag: importing it here lets
// 'go test ./... -update' run in this package too, which has no golden
// files of its own.
import _ "github.com/deckpress/deckpress/internal/golden"
