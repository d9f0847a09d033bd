package build

import (
	"io/fs"

	"github.com/deckpress/deckpress/data"
	"path/filepath"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/rules/gladiators"
)

// HeroSet is a loaded hero file with its computed sheets.
type HeroSet struct {
	File    *gladiators.File
	Ruleset *gladiators.Ruleset
	Sheets  []*gladiators.Sheet
}

// Heroes reads the hero file at path (relative to env.Dir) and computes
// its heroes, with the ruleset file at ruleset when it is not "" (relative
// to env.Dir), else the file's own or the built-in one.
func Heroes(env Env, path, ruleset string) (*HeroSet, cards.Diagnostics) {
	var diags cards.Diagnostics
	src, err := env.files().ReadFile(path)
	if err != nil {
		diags.Errorf(cards.Pos{File: path}, "cannot read: %v", cards.Cause(err))
		return nil, diags
	}
	return HeroesSource(env, path, src, ruleset)
}

// computeHeroes reads a hero file, its ruleset and computes every hero.
func computeHeroes(in input, root *cards.Node, ruleset string, env Env) (*HeroSet, cards.Diagnostics) {
	f, diags := gladiators.ReadFile(in.path, root)
	if f == nil {
		return nil, diags
	}
	rs, err := gladiators.Default()
	if err != nil {
		diags.Errorf(cards.Pos{File: in.path}, "%v", err)
		return nil, diags
	}
	// --ruleset (relative to the working folder) wins over the file's own
	// ruleset: (relative to the hero file)
	var rsPath string
	var at cards.Pos
	files := in.files
	switch {
	case ruleset != "":
		rsPath, at, files = ruleset, cards.Pos{File: ruleset}, env.files()
	case f.Ruleset != nil:
		if ref, ok := diags.Text(f.Ruleset, "ruleset"); ok {
			rsPath, at = cards.Resolve(in.path, ref), f.Ruleset.Pos
		}
	}
	if rsPath != "" {
		src, err := files.ReadFile(rsPath)
		if err != nil {
			diags.Errorf(at, "ruleset: cannot read %s: %v", rsPath, cards.Cause(err))
			return nil, diags
		}
		root, ds := cards.Parse(rsPath, src)
		diags = append(diags, ds...)
		if root == nil {
			return nil, diags
		}
		var more cards.Diagnostics
		rs, more = gladiators.ReadRuleset(rsPath, root, rs)
		diags = append(diags, more...)
		if more.HasErrors() {
			return nil, diags
		}
	}
	set := &HeroSet{File: f, Ruleset: rs}
	for _, h := range f.Heroes {
		s, ds := gladiators.Compute(h, rs)
		set.Sheets = append(set.Sheets, s)
		diags = diags.Extend(ds)
	}
	return set, diags
}

// prepareHeroInput builds a hero file into its hero cards and character
// sheets.
func prepareHeroInput(in input, root *cards.Node, opts options) ([]Product, cards.Diagnostics) {
	set, diags := computeHeroes(in, root, opts.ruleset, opts.env)
	if set == nil || diags.HasErrors() {
		return nil, diags
	}
	cardJob, ds := heroCardsJob(set, in.files, opts.print)
	diags = diags.Extend(ds)
	sheetJob, ds := heroSheetsJob(set, in.files, opts.print)
	diags = diags.Extend(ds)
	if cardJob == nil || sheetJob == nil {
		return nil, diags
	}
	base := filepath.Join(in.outDir, stem(in.path))
	return []Product{DeckProduct(cardJob, base+".pdf"), DeckProduct(sheetJob, base+"-sheets.pdf")}, diags
}

// checkRulesetInput checks a Gladiators ruleset file; it builds nothing.
func checkRulesetInput(in input, root *cards.Node, _ options) ([]Product, cards.Diagnostics) {
	base, err := gladiators.Default()
	if err != nil {
		var diags cards.Diagnostics
		diags.Errorf(root.Pos, "%v", err)
		return nil, diags
	}
	_, diags := gladiators.ReadRuleset(in.path, root, base)
	return nil, diags
}

// HeroesSource computes the heroes of src, the text of the hero file at
// path (relative to env.Dir) as an editor holds it before it is saved;
// its ruleset and pictures are read as for the file itself.
func HeroesSource(env Env, path string, src []byte, ruleset string) (*HeroSet, cards.Diagnostics) {
	root, diags := cards.Parse(path, src)
	if root == nil {
		return nil, diags
	}
	if !gladiators.IsHeroFile(root) {
		diags.Errorf(root.Pos, "not a hero file: it should start with team:, heroes: or hero:")
		return nil, diags
	}
	set, ds := computeHeroes(input{path: path, files: namedFiles(env, path)}, root, ruleset, env)
	return set, append(diags, ds...)
}

// BuiltinHeroes reads and computes the built-in hero file at path (in
// package data); a built-in file that is not a hero file gives nil.
func BuiltinHeroes(env Env, path, ruleset string) (*HeroSet, cards.Diagnostics) {
	src, err := fs.ReadFile(data.FS, path)
	if err != nil {
		var diags cards.Diagnostics
		diags.Errorf(cards.Pos{File: path}, "cannot read: %v", err)
		return nil, diags
	}
	root, diags := cards.Parse(path, src)
	if root == nil || !gladiators.IsHeroFile(root) {
		return nil, diags
	}
	set, ds := computeHeroes(input{path: path, files: embeddedFiles{}}, root, ruleset, env)
	return set, diags.Extend(ds)
}
