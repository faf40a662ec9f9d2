package failure

import (
	"fmt"
	"os"
	"testing"

	"github.com/kompress/kompress/router"
)

func TestZZDebugFailures(t *testing.T) {
	p := os.Getenv("ZZ_FILE")
	if p == "" {
		t.Skip()
	}
	b, _ := os.ReadFile(p)
	k := router.Kind(os.Getenv("ZZ_KIND"))
	if k == "" {
		k = router.Detect(b)
	}
	for _, l := range Lines(k, b) {
		fmt.Printf("%s\n", l)
	}
}
