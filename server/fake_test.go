package server_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/kompress/kompress/store"
	"github.com/kompress/kompress/wire"
)

// fakeEngine behaves like the real engine at the interface: short inputs
// pass through, longer ones become their first line plus a marker after the
// original is stored per tenant under a content-addressed id.
type fakeEngine struct {
	mu        sync.Mutex
	originals map[string][]byte // tenant + "/" + full hex id

	readyErr  atomic.Pointer[error]
	storeDown atomic.Bool

	// scoring, when set, is called on every non-heuristic Compress before
	// it answers; tests block in it.
	scoring func(ctx context.Context) error
	// storing, when set, is called as a lossy result's original is
	// stored, after store.DurableWait: tests block in it as in a sync.
	storing func(ctx context.Context)

	scorers sync.Map // scorer requested → count

	provider string // of a lossy result's step; "" is "fakeprov"
}

func newFakeEngine() *fakeEngine {
	return &fakeEngine{originals: map[string][]byte{}}
}

var markerRE = regexp.MustCompile(`\[kompress:([0-9a-f]{12,64})\]`)

func (f *fakeEngine) Compress(ctx context.Context, tenant string, req wire.CompressRequest) (wire.Result, error) {
	n, _ := f.scorers.LoadOrStore(req.Scorer, new(atomic.Int64))
	n.(*atomic.Int64).Add(1)
	if req.Query == "bad-option" {
		return wire.Result{}, fmt.Errorf("%w: query %q not understood", wire.ErrBadRequest, req.Query)
	}
	if req.Content == "PANIC" {
		panic("fake engine panic")
	}
	scorer := "heuristic"
	if req.Scorer != "heuristic" {
		scorer = "onnx:fake"
		if f.scoring != nil {
			if err := f.scoring(ctx); err != nil {
				return wire.Result{}, err
			}
		}
	}
	res := wire.Result{
		Text:           req.Content,
		Strategy:       "passthrough",
		Lossless:       true,
		Equivalence:    "byte",
		OriginalBytes:  len(req.Content),
		OriginalTokens: len(strings.Fields(req.Content)),
		Tokenizer:      "fields",
	}
	if len(req.Content) < 64 || req.LosslessOnly || f.storeDown.Load() {
		res.CompressedBytes, res.CompressedTokens = res.OriginalBytes, res.OriginalTokens
		return res, nil
	}
	sum := sha256.Sum256([]byte(req.Content))
	full := hex.EncodeToString(sum[:])
	f.mu.Lock()
	f.originals[tenant+"/"+full] = []byte(req.Content)
	f.mu.Unlock()
	if f.storing != nil {
		store.DurableWait(ctx)
		f.storing(ctx)
	}
	first, _, _ := strings.Cut(req.Content, "\n")
	res.Text = fmt.Sprintf("%s\n[kompress:%s]", first, full[:12])
	res.Strategy = "fake-lossy"
	res.Lossless, res.Equivalence = false, ""
	res.CCRID = full[:12]
	res.Scorer = scorer
	res.CompressedBytes = len(res.Text)
	res.CompressedTokens = len(strings.Fields(res.Text))
	provider := f.provider
	if provider == "" {
		provider = "fakeprov"
	}
	res.Steps = []wire.Step{{Strategy: "fake-lossy", Provider: provider,
		OriginalBytes: res.OriginalBytes, CompressedBytes: res.CompressedBytes, MarginalBytes: 7}}
	return res, nil
}

func (f *fakeEngine) Expand(ctx context.Context, tenant, text string) (wire.ExpandResult, error) {
	if f.storeDown.Load() {
		return wire.ExpandResult{}, store.ErrUnavailable
	}
	var res wire.ExpandResult
	res.Text = markerRE.ReplaceAllStringFunc(text, func(m string) string {
		id := markerRE.FindStringSubmatch(m)[1]
		b, err := f.Retrieve(ctx, tenant, id)
		if err != nil {
			res.Missing = append(res.Missing, id)
			return m
		}
		res.Expanded = append(res.Expanded, id)
		return string(b)
	})
	return res, nil
}

var idRE = regexp.MustCompile(`^[0-9a-f]{12,64}$`)

func (f *fakeEngine) Retrieve(ctx context.Context, tenant, id string) ([]byte, error) {
	if f.storeDown.Load() {
		return nil, fmt.Errorf("fake: %w", store.ErrUnavailable)
	}
	id = strings.ToLower(id)
	if !idRE.MatchString(id) {
		return nil, fmt.Errorf("fake: %q: %w", id, store.ErrBadID)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	for k, v := range f.originals {
		if strings.HasPrefix(k, tenant+"/"+id) {
			return v, nil
		}
	}
	return nil, fmt.Errorf("fake: %s: %w", id, store.ErrNotFound)
}

func (f *fakeEngine) Ready(ctx context.Context) error {
	if p := f.readyErr.Load(); p != nil {
		return *p
	}
	return nil
}

func (f *fakeEngine) scorerCalls(name string) int64 {
	n, ok := f.scorers.Load(name)
	if !ok {
		return 0
	}
	return n.(*atomic.Int64).Load()
}

// blockScoring makes model scoring wait for release while ignoring its ctx,
// like an uninterruptible inference call; each call signals the returned
// channel when it starts.
func (f *fakeEngine) blockScoring(release <-chan struct{}) <-chan struct{} {
	entered := make(chan struct{}, 1)
	f.scoring = func(context.Context) error {
		entered <- struct{}{}
		<-release
		return nil
	}
	return entered
}
