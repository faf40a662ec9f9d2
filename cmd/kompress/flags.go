package main

import (
	"errors"

	"github.com/spf13/pflag"

	"github.com/kompress/kompress/wire"
)

// engineFlags are the flags that configure the engine, shared by compress
// and serve.
type engineFlags struct {
	scorer string
	model  string
	store  string
}

func (e *engineFlags) register(f *pflag.FlagSet, scorerHelp string) {
	f.StringVar(&e.scorer, "scorer", wire.ScorerAuto, scorerHelp+": "+wire.ScorerAuto+", "+wire.ScorerONNX+" or "+wire.ScorerHeuristic)
	f.StringVar(&e.model, "model", "", "Kompress model directory (default $KOMPRESS_MODEL or the user cache)")
	f.StringVar(&e.store, "store", "", "original store: bolt:PATH, redis://HOST:PORT/DB or memory: (default $KOMPRESS_STORE or bolt under the user state dir)")
}

// validate reports a usage error for a scorer mode the engine does not know.
func (e *engineFlags) validate() error {
	err := wire.CheckScorer(e.scorer)
	if e.scorer == "" { // a request's default, but not a flag's value
		err = errors.New("must not be empty")
	}
	if err != nil {
		return usagef("--scorer %v", err)
	}
	return nil
}
