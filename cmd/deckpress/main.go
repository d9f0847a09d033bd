// Command deckpress turns YAML into print-and-play games: duplex-correct
// PDFs of card decks, hero cards, rules cards and hex maps.
package main

import (
	"os"

	"github.com/deckpress/deckpress/cmd/deckpress/cli"
)

func main() {
	os.Exit(cli.Main())
}
