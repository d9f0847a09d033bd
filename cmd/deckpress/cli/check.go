package cli

import (
	"fmt"
	"text/tabwriter"

	"github.com/spf13/cobra"
)

func newCheckCmd(env Env) *cobra.Command {
	var pf printFlags
	var ruleset string
	cmd := &cobra.Command{
		Use:   "check [FILE|DIR ...]",
		Short: "Check files and report every problem, without writing anything",
		Long: `Check loads every file, applies the rules and lays out every card, exactly as build
does, and reports every problem as path:line:col: error|warning: message. It writes
nothing. With no argument it checks the built-in kits.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			products, err := load(env, args, "", ruleset, pf)
			if err != nil {
				return err
			}
			tw := tabwriter.NewWriter(env.Out, 0, 0, 2, ' ', 0)
			for _, p := range products {
				fmt.Fprintf(tw, "ok\t%s\t%s\n", p.path, p.counts())
			}
			return tw.Flush()
		},
	}
	cmd.Flags().StringVar(&ruleset, "ruleset", "", "a Superhero Gladiators ruleset file for every hero file")
	pf.register(cmd.Flags())
	return cmd
}
