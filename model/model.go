// Package model finds and loads Kompress model directories: an ONNX
// token-classification model, its tokenizer.json and a manifest (kompress.json)
// that names the output convention and the sha256 of every file, verified on
// load. It also locates the ONNX Runtime shared library.
package model

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/kompress/kompress/tokenize"
)

// Errors returned by Find, Load and RuntimeLib; test with errors.Is.
var (
	// ErrNotFound reports a model directory that does not exist.
	ErrNotFound = errors.New("model: not found")
	// ErrManifest reports a missing, unreadable or invalid kompress.json.
	ErrManifest = errors.New("model: invalid manifest")
	// ErrMissingFile reports a file the manifest lists that is absent.
	ErrMissingFile = errors.New("model: missing file")
	// ErrChecksum reports a file whose sha256 differs from the manifest's.
	ErrChecksum = errors.New("model: checksum mismatch")
	// ErrCorrupt reports a file that is present and matches its checksum
	// but cannot be used, such as a tokenizer.json that does not parse.
	ErrCorrupt = errors.New("model: corrupt file")
	// ErrNoRuntime reports that no ONNX Runtime shared library was found.
	ErrNoRuntime = errors.New("model: ONNX Runtime library not found")
)

// File names inside a model directory.
const (
	ManifestFile  = "kompress.json"
	ONNXFile      = "model.onnx"
	TokenizerFile = "tokenizer.json"
)

// Output conventions of the model contract.
const (
	// FinalScores: output "final_scores" [batch, seq], already
	// p_keep × (0.5 + 0.5 × span) (Headroom's Kompress-v2-base).
	FinalScores = "final_scores"
	// Logits: output "logits" [batch, seq, 2] (LLMLingua-2 style), softmax
	// gives p_keep; an optional span output [batch, seq] in [0, 1] is combined
	// by the same formula.
	Logits = "logits"
)

// DefaultName is the model fetch-model.sh installs and Find falls back to.
const DefaultName = "kompress-v2-base"

// Manifest is the content of kompress.json.
type Manifest struct {
	Name string `json:"name"`
	// MaxLength is the longest sequence the model takes, special tokens included.
	MaxLength int `json:"max_length"`
	// WordsPerChunk caps the words scored in one window, so that windows
	// resemble the chunks the model was trained on.
	WordsPerChunk int `json:"words_per_chunk"`
	// Output is FinalScores or Logits.
	Output string `json:"output"`
	// SpanOutput optionally names a span output for the Logits convention.
	SpanOutput string `json:"span_output,omitempty"`
	// Files maps each file name to its lower-case hex sha256.
	Files map[string]string `json:"files"`
}

// Model is a verified model directory with its tokenizer loaded.
type Model struct {
	Dir string
	Manifest
	Tokenizer *tokenize.Tokenizer
}

// ONNXPath returns the path of the ONNX graph.
func (m *Model) ONNXPath() string { return filepath.Join(m.Dir, ONNXFile) }

func (mf *Manifest) validate() error {
	var errs []error
	if strings.TrimSpace(mf.Name) == "" {
		errs = append(errs, errors.New("name is empty"))
	}
	if mf.MaxLength < 8 {
		errs = append(errs, fmt.Errorf("max_length %d is below 8", mf.MaxLength))
	}
	if mf.WordsPerChunk < 1 {
		errs = append(errs, fmt.Errorf("words_per_chunk %d is below 1", mf.WordsPerChunk))
	}
	switch mf.Output {
	case FinalScores:
		if mf.SpanOutput != "" {
			errs = append(errs, errors.New("span_output needs output \"logits\""))
		}
	case Logits:
	default:
		errs = append(errs, fmt.Errorf("output %q is neither %q nor %q", mf.Output, FinalScores, Logits))
	}
	for _, name := range []string{ONNXFile, TokenizerFile} {
		if _, ok := mf.Files[name]; !ok {
			errs = append(errs, fmt.Errorf("files lacks %s", name))
		}
	}
	for name, sum := range mf.Files {
		if name == "" || name != filepath.Base(name) || name == "." || name == ".." {
			errs = append(errs, fmt.Errorf("file name %q is not a plain name", name))
		}
		if b, err := hex.DecodeString(sum); err != nil || len(b) != sha256.Size {
			errs = append(errs, fmt.Errorf("sha256 of %s is not 64 hex digits", name))
		}
	}
	return errors.Join(errs...)
}

// ReadManifest reads and validates dir/kompress.json without checking files.
func ReadManifest(dir string) (*Manifest, error) {
	data, err := os.ReadFile(filepath.Join(dir, ManifestFile))
	if errors.Is(err, fs.ErrNotExist) {
		if _, derr := os.Stat(dir); derr != nil {
			return nil, fmt.Errorf("%w: %s", ErrNotFound, dir)
		}
	}
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrManifest, err)
	}
	var mf Manifest
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&mf); err != nil {
		return nil, fmt.Errorf("%w: %s: %w", ErrManifest, filepath.Join(dir, ManifestFile), err)
	}
	if err := mf.validate(); err != nil {
		return nil, fmt.Errorf("%w: %s: %w", ErrManifest, filepath.Join(dir, ManifestFile), err)
	}
	return &mf, nil
}

// WriteManifest writes mf to dir/kompress.json with the sha256 of each of
// files (names inside dir), replacing any previous manifest atomically.
func WriteManifest(dir string, mf Manifest, files ...string) error {
	mf.Files = make(map[string]string, len(files))
	for _, name := range files {
		sum, err := fileSHA256(filepath.Join(dir, name))
		if err != nil {
			return err
		}
		mf.Files[name] = sum
	}
	if err := mf.validate(); err != nil {
		return fmt.Errorf("%w: %w", ErrManifest, err)
	}
	data, err := json.MarshalIndent(mf, "", "  ")
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, ManifestFile+".*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(append(data, '\n')); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), filepath.Join(dir, ManifestFile))
}

func fileSHA256(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// Load reads the model directory dir: it validates the manifest, checks the
// sha256 of every listed file and loads the tokenizer. The ONNX graph itself
// is parsed by the runtime when a scorer opens it.
func Load(dir string) (*Model, error) {
	mf, err := ReadManifest(dir)
	if err != nil {
		return nil, err
	}
	names := make([]string, 0, len(mf.Files))
	for name := range mf.Files {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		path := filepath.Join(dir, name)
		got, err := fileSHA256(path)
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("%w: %s (run scripts/fetch-model.sh again)", ErrMissingFile, path)
		}
		if err != nil {
			return nil, fmt.Errorf("%w: %w", ErrMissingFile, err)
		}
		if want := strings.ToLower(mf.Files[name]); got != want {
			return nil, fmt.Errorf("%w: %s has sha256 %s, manifest says %s", ErrChecksum, path, got, want)
		}
	}
	tok, err := tokenize.Load(filepath.Join(dir, TokenizerFile))
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrCorrupt, err)
	}
	if mf.MaxLength <= len(tok.Prefix())+len(tok.Suffix()) {
		return nil, fmt.Errorf("%w: max_length %d leaves no room besides special tokens", ErrManifest, mf.MaxLength)
	}
	return &Model{Dir: dir, Manifest: *mf, Tokenizer: tok}, nil
}
