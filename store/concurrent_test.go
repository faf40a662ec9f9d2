package store_test

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/kompress/kompress/store"
)

// TestConcurrentUse puts and gets from many goroutines, some storing the
// same content, as server requests do; run with -race.
func TestConcurrentUse(t *testing.T) {
	forEach(t, func(t *testing.T, b backend) {
		s := b.open(t, store.Options{})
		ctx := context.Background()
		var wg sync.WaitGroup
		errs := make(chan error, 64)
		for g := range 8 {
			wg.Go(func() {
				for i := range 20 {
					data := []byte(fmt.Sprintf("output %d", i%5+g%2*100))
					tenant := fmt.Sprint(g % 3)
					id, err := s.Put(ctx, tenant, data)
					if err != nil {
						errs <- err
						return
					}
					got, err := s.Get(ctx, tenant, id)
					if err != nil || string(got) != string(data) {
						errs <- fmt.Errorf("Get(%s) = %q, %v; want %q", id, got, err, data)
						return
					}
				}
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Error(err)
		}
	})
}
