package main

import (
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
	f.StringVar(&e.scorer, "scorer", "auto", scorerHelp+": auto, onnx or heuristic")
	f.StringVar(&e.model, "model", "", "Kompress model directory (default $KOMPRESS_MODEL or the user cache)")
	f.StringVar(&e.store, "store", "", "original store: bolt:PATH, redis://HOST:PORT/DB or memory: (default $KOMPRESS_STORE or bolt under the user state dir)")
}

// validate reports a usage error for a scorer mode the engine does not know.
func (e *engineFlags) validate() error {
	if e.scorer != "" && wire.ValidScorer(e.scorer) {
		return nil
	}
	return usagef("--scorer must be auto, onnx or heuristic, got %q", e.scorer)
}
