package kompress

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"github.com/kompress/kompress/fold"
	"github.com/kompress/kompress/store"
	"github.com/kompress/kompress/wire"
)

// passProvider is an external fold provider that never proposes: with it
// the engine cannot bound what the folds save (see foldsLose) and folds
// every input before weighing the lossy view, as it did before views were
// marked without folding.
type passProvider struct{}

func (passProvider) Name() string { return "pass" }

func (passProvider) Propose(context.Context, []byte, fold.Info) (*fold.Proposal, error) {
	return nil, nil
}

// downStore is a store whose writes fail.
type downStore struct{ store.Store }

func (downStore) Put(context.Context, string, []byte) (string, error) {
	return "", errors.New("store down")
}

// TestFoldsLose checks that marking a view without folding, when no fold
// could beat it, changes no result: over every sample the engine gives
// what it gives when it must fold first, with a store that works and with
// one whose writes fail (the fold then runs after the view is refused).
func TestFoldsLose(t *testing.T) {
	all := append(samples(t), setSamples(t, "heldout")...)
	for _, st := range []struct {
		name  string
		store func(testing.TB) store.Store
	}{
		{"store", memStore},
		{"store-down", func(t testing.TB) store.Store { return downStore{memStore(t)} }},
	} {
		t.Run(st.name, func(t *testing.T) {
			lazy := New(Options{Store: st.store(t), Scorer: "heuristic"})
			eager := New(Options{Store: st.store(t), Scorer: "heuristic", Providers: []fold.Provider{passProvider{}}})
			for _, s := range all {
				req := wire.CompressRequest{Content: string(s.data)}
				got, want := compress(t, lazy, req), compress(t, eager, req)
				if !reflect.DeepEqual(got, want) {
					t.Errorf("%s/%s: strategy %s (%d bytes, warnings %q), folding first gives %s (%d bytes, warnings %q)",
						s.kind, s.name, got.Strategy, len(got.Text), got.Warnings, want.Strategy, len(want.Text), want.Warnings)
				}
			}
		})
	}
}
