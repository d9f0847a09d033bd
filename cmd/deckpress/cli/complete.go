package cli

import (
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/deckpress/deckpress/data"
	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/output/build"
	"github.com/deckpress/deckpress/rules/audition"
	"github.com/deckpress/deckpress/rules/gladiators/combat"
)

// Shell completion (deckpress completion bash|zsh|fish|powershell, made by
// cobra): the values of every flag that takes a name from a fixed list,
// kit and format names where a command takes one, and only YAML files
// (and folders) where a command reads YAML.

// flagValues are the names each enum flag takes, by flag name: the print
// options from their table, the rest from the packages that read them.
func flagValues() map[string][]string {
	values := map[string][]string{
		"top":        layout.HexTopNames,
		"faces":      {"front", "back", "both"},
		"optional":   {"fumbles", "area"},
		"strategies": policyNames(audition.Policies),
		// the Gladiators lab's policies; Galaga's and Slugfest's have the
		// same names
		"policy": policyNames(combat.Policies),
	}
	for _, o := range layout.PrintOptions {
		switch o.Kind {
		case layout.OptionEnum:
			values[o.Name] = o.Enum
		case layout.OptionPaper:
			values[o.Name] = layout.PaperNames()
		}
	}
	return values
}

// fileFlags are flags that name a file, by the extensions it may have.
var fileFlags = map[string][]string{
	"ruleset": {"yaml", "yml"},
	"arena":   {"yaml", "yml"},
	"score":   {"yaml", "yml"},
	"report":  {"pdf", "png"},
}

func policyNames[P interface{ Name() string }](ps []P) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.Name()
	}
	return out
}

// yamlArgs completes arguments with YAML files and folders.
func yamlArgs(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	return []string{"yaml", "yml"}, cobra.ShellCompDirectiveFilterFileExt
}

// argCompletions complete the arguments of the commands that do not take
// YAML files, by command path.
var argCompletions = map[string]cobra.CompletionFunc{
	"deckpress init": func(_ *cobra.Command, args []string, _ string) ([]string, cobra.ShellCompDirective) {
		if len(args) == 0 {
			return data.Kits(), cobra.ShellCompDirectiveNoFileComp
		}
		return nil, cobra.ShellCompDirectiveFilterDirs
	},
	"deckpress schema": func(_ *cobra.Command, args []string, _ string) ([]string, cobra.ShellCompDirective) {
		if len(args) == 0 {
			return build.SchemaFormats(), cobra.ShellCompDirectiveNoFileComp
		}
		return nil, cobra.ShellCompDirectiveNoFileComp
	},
	"deckpress serve": func(_ *cobra.Command, args []string, _ string) ([]string, cobra.ShellCompDirective) {
		return nil, cobra.ShellCompDirectiveFilterDirs
	},
	"deckpress calibrate": noArgs,
	"deckpress hexsheet":  noArgs,
}

func noArgs(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	return nil, cobra.ShellCompDirectiveNoFileComp
}

// addCompletions registers the completions on cmd and every command below
// it: a command with subcommands completes those (cobra does), every other
// one its arguments and flags.
func addCompletions(cmd *cobra.Command, values map[string][]string) {
	for _, c := range cmd.Commands() {
		addCompletions(c, values)
	}
	if cmd.HasSubCommands() || cmd.Name() == "help" {
		return
	}
	if f, ok := argCompletions[cmd.CommandPath()]; ok {
		cmd.ValidArgsFunction = f
	} else {
		cmd.ValidArgsFunction = yamlArgs
	}
	cmd.Flags().VisitAll(func(fl *pflag.Flag) {
		if names, ok := values[fl.Name]; ok {
			// errors only for a flag that is not there or registered
			// twice, and each flag of each command is visited once
			_ = cmd.RegisterFlagCompletionFunc(fl.Name, cobra.FixedCompletions(names, cobra.ShellCompDirectiveNoFileComp))
		} else if exts, ok := fileFlags[fl.Name]; ok {
			_ = cmd.MarkFlagFilename(fl.Name, exts...)
		}
	})
}
