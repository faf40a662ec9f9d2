package model

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/kompress/kompress/internal/envconfig"
)

// CacheDir returns kompress's cache directory: $XDG_CACHE_HOME/kompress,
// else ~/.cache/kompress.
func CacheDir() (string, error) {
	if d := os.Getenv("XDG_CACHE_HOME"); d != "" && filepath.IsAbs(d) {
		return filepath.Join(d, "kompress"), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("model: no cache directory: %w", err)
	}
	return filepath.Join(home, ".cache", "kompress"), nil
}

// DefaultDir returns where fetch-model.sh installs the default model.
func DefaultDir() (string, error) {
	c, err := CacheDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(c, "models", DefaultName), nil
}

// Find resolves the model directory: dir (the --model flag) when set, else
// $KOMPRESS_MODEL, else DefaultDir. The directory must hold a manifest; a
// missing one wraps ErrNotFound and says how to get a model.
func Find(dir string) (string, error) {
	source := "--model"
	if dir == "" {
		dir, source = envconfig.Model(), envconfig.NameModel
	}
	if dir == "" {
		d, err := DefaultDir()
		if err != nil {
			return "", fmt.Errorf("%w: %w", ErrNotFound, err)
		}
		dir, source = d, "default location"
	}
	if _, err := os.Stat(filepath.Join(dir, ManifestFile)); err != nil {
		if source == "default location" {
			source += "; run scripts/fetch-model.sh to install the model"
		}
		return "", fmt.Errorf("%w: no %s in %s (%s)", ErrNotFound, ManifestFile, dir, source)
	}
	return dir, nil
}

// runtimeName is the soname fetch-model.sh --runtime installs.
const runtimeName = "libonnxruntime.so.1"

// DefaultRuntimeLib returns where fetch-model.sh --runtime installs ONNX Runtime.
func DefaultRuntimeLib() (string, error) {
	c, err := CacheDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(c, "onnxruntime", runtimeName), nil
}

// systemLibDirs are searched after the cache; distributions and the
// official tarballs install the library in one of these.
var systemLibDirs = []string{
	"/usr/local/lib",
	"/usr/lib",
	"/usr/lib/x86_64-linux-gnu",
	"/usr/lib/aarch64-linux-gnu",
	"/usr/lib64",
	"/opt/onnxruntime/lib",
}

// RuntimeLib finds the ONNX Runtime shared library: $KOMPRESS_ORT_LIB when
// set (it must exist), else DefaultRuntimeLib, else the standard system
// library directories.
func RuntimeLib() (string, error) {
	if p := envconfig.ORTLib(); p != "" {
		if err := regularFile(p); err != nil {
			return "", fmt.Errorf("%w: %s=%s: %w", ErrNoRuntime, envconfig.NameORTLib, p, err)
		}
		return p, nil
	}
	var tried []string
	if p, err := DefaultRuntimeLib(); err == nil {
		if regularFile(p) == nil {
			return p, nil
		}
		tried = append(tried, p)
	}
	for _, dir := range systemLibDirs {
		for _, name := range []string{runtimeName, "libonnxruntime.so"} {
			p := filepath.Join(dir, name)
			if regularFile(p) == nil {
				return p, nil
			}
		}
		tried = append(tried, filepath.Join(dir, "libonnxruntime.so*"))
	}
	return "", fmt.Errorf("%w: set %s or run scripts/fetch-model.sh --runtime (looked in %s)",
		ErrNoRuntime, envconfig.NameORTLib, strings.Join(tried, ", "))
}

func regularFile(p string) error {
	fi, err := os.Stat(p)
	if err != nil {
		return err
	}
	if !fi.Mode().IsRegular() {
		return errors.New("not a regular file")
	}
	return nil
}
