package modelgen

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/kompress/kompress/model"
)

var update = flag.Bool("update", false, "rewrite testdata/models")

const committed = "../../testdata/models"

// TestGenerate rebuilds the test models and checks that the committed copies
// are byte-identical, which also proves generation is deterministic.
func TestGenerate(t *testing.T) {
	if *update {
		if err := Generate(committed); err != nil {
			t.Fatal(err)
		}
	}
	dir := t.TempDir()
	if err := Generate(dir); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{WordPieceLogits, BPEFinal} {
		for _, file := range []string{model.ONNXFile, model.TokenizerFile, model.ManifestFile} {
			got, err := os.ReadFile(filepath.Join(dir, name, file))
			if err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile(filepath.Join(committed, name, file))
			if err != nil {
				t.Fatalf("%v (run go test ./internal/modelgen -update)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s/%s differs from a fresh build (run go test ./internal/modelgen -update)", name, file)
			}
		}
		if _, err := model.Load(filepath.Join(committed, name)); err != nil {
			t.Errorf("Load(%s): %v", name, err)
		}
	}
}

func TestReferenceUsesContext(t *testing.T) {
	s := Reference([]int32{5, 6, 7})
	for i := range s.Final {
		if s.Final[i] <= 0 || s.Final[i] >= 1 || s.PKeep[i] <= 0 || s.PKeep[i] >= 1 {
			t.Fatalf("score %d out of (0,1): %+v", i, s)
		}
	}
	// The same token must score differently in another context, or the
	// batching tests could not catch attention-mask mistakes.
	if a, b := Reference([]int32{5, 6}).Final[0], Reference([]int32{5, 9}).Final[0]; a == b {
		t.Errorf("token 5 scores %v in both contexts", a)
	}
}
