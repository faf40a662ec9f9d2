#!/usr/bin/env bash
# fetch-model.sh installs what kompress's ONNX scorer needs:
#   (default)  Headroom's Kompress-v2-base ONNX model and the ModernBERT
#              tokenizer, with a kompress.json manifest holding their sha256
#   --runtime  only the ONNX Runtime shared library, from the npm package
#              onnxruntime-node (the npm registry is often reachable where
#              GitHub releases are not)
#   --all      both
# Files go where kompress looks by default; re-running skips what is
# already installed and valid. Downloads land in temporary files that are
# renamed into place, and the manifest is written last, so an interrupted
# run never leaves something that looks complete.
set -euo pipefail

ORT_VERSION=1.30.0
MODEL_NAME=kompress-v2-base
MODEL_REPO=https://huggingface.co/chopratejas/kompress-v2-base/resolve/main
MODEL_FILES=(onnx/kompress-int8-wo.onnx onnx/kompress-fp32.onnx) # first that downloads wins
TOKENIZER_URL=https://huggingface.co/answerdotai/ModernBERT-base/resolve/main/tokenizer.json
MAX_LENGTH=512
# ~1.3 ModernBERT tokens per English word: 300 words fill most of a
# 512-token window; denser text is cut by the token limit as well.
WORDS_PER_CHUNK=300

usage() {
	cat <<EOF
usage: $0 [--runtime | --all] [--dest PATH] [--dry-run]

  (no mode)   fetch the $MODEL_NAME model into DIR
              (default \$KOMPRESS_MODEL, else \${XDG_CACHE_HOME:-~/.cache}/kompress/models/$MODEL_NAME)
  --runtime   fetch only ONNX Runtime $ORT_VERSION into PATH
              (default \$KOMPRESS_ORT_LIB, else \${XDG_CACHE_HOME:-~/.cache}/kompress/onnxruntime/libonnxruntime.so.1)
  --all       fetch both (--dest is not allowed)
  --dest P    install the model into directory P, or the runtime at file path P
  --dry-run   print what would be fetched and where, change nothing
EOF
}

mode=model dest= dry=0
while [ $# -gt 0 ]; do
	case "$1" in
	--runtime) mode=runtime ;;
	--all) mode=all ;;
	--dest)
		[ $# -ge 2 ] || { echo "fetch-model: --dest needs a path" >&2; exit 2; }
		dest=$2
		shift
		;;
	--dest=*) dest=${1#--dest=} ;;
	--dry-run) dry=1 ;;
	-h | --help) usage; exit 0 ;;
	*) echo "fetch-model: unknown argument: $1" >&2; usage >&2; exit 2 ;;
	esac
	shift
done
if [ "$mode" = all ] && [ -n "$dest" ]; then
	echo "fetch-model: --dest needs --runtime or the model mode, not --all" >&2
	exit 2
fi

cache_home=${XDG_CACHE_HOME:-}
case "$cache_home" in /*) ;; *) cache_home=$HOME/.cache ;; esac
cache=$cache_home/kompress

log() { echo "fetch-model: $*" >&2; }

cleanup=()
trap 'rm -rf "${cleanup[@]}"' EXIT

sha256() {
	if command -v sha256sum >/dev/null; then sha256sum "$1" | cut -d' ' -f1; else shasum -a 256 "$1" | cut -d' ' -f1; fi
}

fetch_runtime() {
	local lib=${dest:-${KOMPRESS_ORT_LIB:-$cache/onnxruntime/libonnxruntime.so.1}}
	local os arch want
	os=$(uname -s) arch=$(uname -m)
	case "$os/$arch" in
	Linux/x86_64 | Linux/amd64)
		arch=x64 want=ffb75a925ba05e47b235bb66e3e3911714a80b328a9c9425539feb204aa32a23 ;;
	Linux/aarch64 | Linux/arm64)
		arch=arm64 want=1f549d46250b005580b597f4164984aaf75b3bcb9f3aeb07c7f8a8fe60b23c76 ;;
	*) log "no ONNX Runtime build for $os/$arch in onnxruntime-node; install libonnxruntime yourself and set KOMPRESS_ORT_LIB"; exit 1 ;;
	esac
	local member=package/bin/napi-v6/linux/$arch/libonnxruntime.so.1
	if [ "$dry" = 1 ]; then
		echo "runtime: npm pack onnxruntime-node@$ORT_VERSION, extract $member"
		echo "runtime: install $lib (sha256 $want)"
		return
	fi
	if [ -f "$lib" ] && [ "$(sha256 "$lib")" = "$want" ]; then
		log "ONNX Runtime $ORT_VERSION already at $lib"
		echo "$lib"
		return
	fi
	command -v npm >/dev/null || { log "npm is needed to fetch ONNX Runtime (apt-get install npm)"; exit 1; }
	local tmp
	tmp=$(mktemp -d)
	cleanup+=("$tmp")
	log "downloading onnxruntime-node@$ORT_VERSION from the npm registry"
	(cd "$tmp" && npm pack --silent "onnxruntime-node@$ORT_VERSION" >/dev/null)
	tar -xzf "$tmp"/onnxruntime-node-"$ORT_VERSION".tgz -C "$tmp" "$member"
	local got
	got=$(sha256 "$tmp/$member")
	if [ "$got" != "$want" ]; then
		log "checksum mismatch for $member: got $got, want $want"
		exit 1
	fi
	mkdir -p "$(dirname "$lib")"
	local part
	part=$(mktemp "$lib.XXXXXX")
	cleanup+=("$part")
	cp "$tmp/$member" "$part"
	chmod 0644 "$part"
	mv -f "$part" "$lib"
	log "installed ONNX Runtime $ORT_VERSION at $lib"
	echo "$lib"
}

download() { # url file
	curl -fL --retry 4 --retry-delay 2 --retry-connrefused --connect-timeout 30 -sS -o "$2" "$1"
}

fetch_model() {
	local dir=${dest:-${KOMPRESS_MODEL:-$cache/models/$MODEL_NAME}}
	if [ "$dry" = 1 ]; then
		echo "model: fetch $MODEL_REPO/${MODEL_FILES[0]} (else $MODEL_REPO/${MODEL_FILES[1]}) -> $dir/model.onnx"
		echo "model: fetch $TOKENIZER_URL -> $dir/tokenizer.json"
		echo "model: write $dir/kompress.json (name $MODEL_NAME, max_length $MAX_LENGTH, words_per_chunk $WORDS_PER_CHUNK, output final_scores, sha256 of each file)"
		return
	fi
	if [ -f "$dir/kompress.json" ] && [ -f "$dir/model.onnx" ] && [ -f "$dir/tokenizer.json" ] &&
		grep -q "\"model.onnx\": \"$(sha256 "$dir/model.onnx")\"" "$dir/kompress.json" &&
		grep -q "\"tokenizer.json\": \"$(sha256 "$dir/tokenizer.json")\"" "$dir/kompress.json"; then
		log "$MODEL_NAME already at $dir"
		echo "$dir"
		return
	fi
	command -v curl >/dev/null || { log "curl is needed to fetch the model"; exit 1; }
	mkdir -p "$dir"
	local tmp
	tmp=$(mktemp -d "$dir/.fetch.XXXXXX")
	cleanup+=("$tmp")
	local ok=0 f
	for f in "${MODEL_FILES[@]}"; do
		log "downloading $MODEL_REPO/$f"
		if download "$MODEL_REPO/$f" "$tmp/model.onnx"; then
			ok=1
			break
		fi
		log "could not download $f"
	done
	[ "$ok" = 1 ] || { log "no model file could be downloaded"; exit 1; }
	log "downloading $TOKENIZER_URL"
	download "$TOKENIZER_URL" "$tmp/tokenizer.json"
	cat >"$tmp/kompress.json" <<EOF
{
  "name": "$MODEL_NAME",
  "max_length": $MAX_LENGTH,
  "words_per_chunk": $WORDS_PER_CHUNK,
  "output": "final_scores",
  "files": {
    "model.onnx": "$(sha256 "$tmp/model.onnx")",
    "tokenizer.json": "$(sha256 "$tmp/tokenizer.json")"
  }
}
EOF
	rm -f "$dir/kompress.json" # the old manifest must not vouch for new files
	mv -f "$tmp/model.onnx" "$dir/model.onnx"
	mv -f "$tmp/tokenizer.json" "$dir/tokenizer.json"
	mv -f "$tmp/kompress.json" "$dir/kompress.json"
	log "installed $MODEL_NAME at $dir"
	echo "$dir"
}

case "$mode" in
model) fetch_model ;;
runtime) fetch_runtime ;;
all) fetch_model && fetch_runtime ;;
esac
