// Package sdktest finds node and the official npm SDKs (openai,
// @anthropic-ai/sdk, @modelcontextprotocol/sdk) for the tests that drive the
// proxy and the MCP server with real clients.
//
// The SDKs are looked for in $KOMPRESS_SDK_DIR/node_modules, else in
// ${XDG_CACHE_HOME:-~/.cache}/kompress/sdk/node_modules; install them with
//
//	npm install --prefix "${XDG_CACHE_HOME:-$HOME/.cache}/kompress/sdk" \
//	    openai@6.49.0 @anthropic-ai/sdk@1.15.0 @modelcontextprotocol/sdk@1.32.2
//
// Without them the tests skip, unless KOMPRESS_REQUIRE_SDK=1, which makes
// them fail, so CI cannot pass by skipping.
package sdktest

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// RequireEnv, set to 1, turns missing SDKs from a skip into a failure.
const RequireEnv = "KOMPRESS_REQUIRE_SDK"

// Dir is the directory holding node_modules with the SDKs.
func Dir() string {
	if d := os.Getenv("KOMPRESS_SDK_DIR"); d != "" {
		return d
	}
	cache := os.Getenv("XDG_CACHE_HOME")
	if cache == "" {
		home, _ := os.UserHomeDir()
		cache = filepath.Join(home, ".cache")
	}
	return filepath.Join(cache, "kompress", "sdk")
}

// Node returns a command running script with node,
// the SDK packages resolvable by require(); it skips the test when node or
// one of the packages is missing.
func Node(t testing.TB, script string, args ...string) *exec.Cmd {
	t.Helper()
	if testing.Short() {
		t.Skip("drives the npm SDKs with node: skipped with -short")
	}
	modules := filepath.Join(Dir(), "node_modules")
	missing := ""
	node, err := exec.LookPath("node")
	if err != nil {
		missing = "node"
	}
	for _, p := range []string{"openai", "@anthropic-ai/sdk", "@modelcontextprotocol/sdk"} {
		if _, err := os.Stat(filepath.Join(modules, p, "package.json")); err != nil && missing == "" {
			missing = p + " in " + modules
		}
	}
	if missing != "" {
		if os.Getenv(RequireEnv) == "1" {
			t.Fatalf("%s is missing (%s=1 makes this a failure; see internal/sdktest for the install command)", missing, RequireEnv)
		}
		t.Skipf("%s is missing: skipping the SDK test (see internal/sdktest to install; %s=1 fails instead)", missing, RequireEnv)
	}
	cmd := exec.Command(node, append([]string{script}, args...)...)
	cmd.Env = append(os.Environ(), "NODE_PATH="+modules)
	return cmd
}
