#!/usr/bin/env bash
# bench-mem.sh: peak RSS and CPU of kompress on big generated inputs (a log,
# grep hits, a one-line JSON array; scripts/genbig, the same bytes every
# run), each with --lossless-only, the default path and --json, as
# /usr/bin/time reports them, with the ratio of peak RSS to the input.
#
#   scripts/bench-mem.sh [-s BYTES] [-b BASELINE_BINARY]
set -euo pipefail
cd "$(dirname "$0")/.."
size=100000000 base=""
while getopts "s:b:" o; do
	case $o in
	s) size=$OPTARG ;;
	b) base=$OPTARG ;;
	*) exit 2 ;;
	esac
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/kompress" ./cmd/kompress
export XDG_STATE_HOME=$tmp/state
bins=("$tmp/kompress")
[ -z "$base" ] || bins=("$base" "$tmp/kompress")
echo "$(date -u +%FT%TZ) $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg)"
printf "%-6s %-5s %-16s %9s %9s %7s\n" input bin mode "CPU s" "peak MB" "× in"
for kind in log grep json; do
	go run ./scripts/genbig -kind "$kind" -size "$size" >"$tmp/in"
	in=$(wc -c <"$tmp/in")
	for bin in "${bins[@]}"; do
		tag=new
		[ "$bin" != "$base" ] || tag=base
		for mode in --lossless-only default --json; do
			args=(--max-bytes $((in + 1)))
			case $mode in
			--lossless-only) args+=(--lossless-only) ;;
			default) args+=(--store memory:) ;;
			--json) args+=(--store memory: --json) ;;
			esac
			/usr/bin/time -f "%U %S %M" -o "$tmp/t" "$bin" compress "${args[@]}" "$tmp/in" >/dev/null
			read -r u s kb <"$tmp/t"
			awk -v k="$kind" -v t="$tag" -v m="$mode" -v u="$u" -v s="$s" -v kb="$kb" -v sz="$in" \
				'BEGIN { printf "%-6s %-5s %-16s %9.2f %9.0f %7.1f\n", k, t, m, u + s, kb / 1024, kb * 1024 / sz }'
		done
	done
done
