package failure

import (
	"fmt"
	"os"
	"testing"

	"github.com/kompress/kompress/router"
)

func TestZZLines(t *testing.T) {
	if os.Getenv("ZZ") == "" {
		t.Skip()
	}
	b, _ := os.ReadFile(os.Getenv("ZZ"))
	for _, l := range Lines(router.Log, b) {
		fmt.Printf("F %s\n", l)
	}
}
