#!/usr/bin/env bash
# bench-cli.sh: whole-process speed of kompress next to the gzip -1 binary,
# measured as CPU time (user+sys, from /usr/bin/time) over the same files in
# one run, so that a loaded machine slows both alike. Prints each figure
# and its ratio to gzip -1.
#
#   scripts/bench-cli.sh [-r REPEATS] [-b BASELINE_BINARY] [-H] [-R ROUNDS] [-S] [FILE...]
#
# FILE defaults to testdata/samples/*/*.txt. -b also measures an older
# kompress binary in the same run (before/after). -H adds the HTTP figures:
# kompress-load at 16 connections on 4 KB logs against `kompress serve` with
# the memory and the bolt store, and against kompress-load's trivial echo
# server (with -b, the older binary's server too), in req/s and in the
# server's CPU ms per request (from the start of the run to the server's
# exit, so work a store defers, such as the bolt applier's, counts). -R
# runs the HTTP rows ROUNDS times, the servers taking turns, and ends with
# the median of each figure (req/s swings by a third between runs on a
# loaded machine; CPU per request less). -S skips the CLI rows (HTTP
# only, with -H). Binaries are built into a temporary directory.
set -euo pipefail
cd "$(dirname "$0")/.."

repeats=5 base="" http=0 cli=1 rounds=1
while getopts "r:b:HR:S" o; do
	case $o in
	r) repeats=$OPTARG ;;
	R) rounds=$OPTARG ;;
	b) base=$OPTARG ;;
	H) http=1 ;;
	S) cli=0 ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
files=("$@")
[ ${#files[@]} -gt 0 ] || files=(testdata/samples/*/*.txt)

tmp=$(mktemp -d)
pids=()
cleanup() {
	for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
	rm -rf "$tmp"
}
trap cleanup EXIT
go build -o "$tmp/kompress" ./cmd/kompress
go build -o "$tmp/kompress-load" ./cmd/kompress-load
export XDG_STATE_HOME=$tmp/state # the model, if installed, stays where it is

bytes=$(cat "${files[@]}" | wc -c)
logs=(testdata/samples/log/*.txt) # not ls | head: with pipefail, ls can die of SIGPIPE
first=${logs[0]}
head -c 4096 "$first" >"$tmp/4k.log"

# cpu CMD...: CPU seconds of REPEATS runs of CMD (stdout discarded), per run.
cpu() {
	/usr/bin/time -f "%U %S" -o "$tmp/t" bash -c 'for ((i = 0; i < '"$repeats"'; i++)); do "$@" >/dev/null 2>>"'"$tmp/stderr"'"; done' _ "$@"
	awk -v r="$repeats" '{ printf "%.4f", ($1 + $2) / r }' "$tmp/t"
}

bins=("$tmp/kompress")
[ -z "$base" ] || bins=("$base" "$tmp/kompress")
tag() { if [ "$1" = "$base" ]; then echo base; else echo new; fi; }

echo "$(date -u +%FT%TZ) $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg); ${#files[@]} files, $bytes bytes; $repeats runs each, CPU time per run"
if [ "$cli" = 1 ]; then
	gz=$(cpu gzip -1 -c "${files[@]}")
	gz4=$(cpu gzip -1 -c "$tmp/4k.log")
	printf "%-34s %9s %8s\n" "run" "CPU s" "× gzip"
	row() { printf "%-34s %9s %8.2f\n" "$1" "$2" "$(awk -v a="$2" -v b="$3" 'BEGIN { print a / b }')"; }
	row "gzip -1" "$gz" "$gz"
	for bin in "${bins[@]}"; do
		tag=$(tag "$bin")
		row "$tag --lossless-only" "$(cpu "$bin" compress --lossless-only "${files[@]}")" "$gz"
		row "$tag default" "$(cpu "$bin" compress --store memory: "${files[@]}")" "$gz"
		row "$tag default --json" "$(cpu "$bin" compress --store memory: --json "${files[@]}")" "$gz"
		t4=$(cpu "$bin" compress --store memory: --json "$tmp/4k.log")
		printf "%-34s %9s   %.1f ms CPU (gzip -1: %.1f ms)\n" "$tag one 4 KB call, --json" "$t4" \
			"$(awk -v a="$t4" 'BEGIN { print a * 1000 }')" "$(awk -v a="$gz4" 'BEGIN { print a * 1000 }')"
	done
fi

[ "$http" = 1 ] || exit 0
# serve BIN ARGS...: start a server that prints or logs its URL, under
# /usr/bin/time (which reports the CPU it used once it exits); sets url
# and spid, the server's own pid.
serve() {
	# Empty it first: the child's own redirection may come after the
	# first look below, which would then find the last server's URL.
	: >"$tmp/serve.out"
	rm -f "$tmp/serve.time"
	/usr/bin/time -f "%U %S" -o "$tmp/serve.time" "$@" >"$tmp/serve.out" 2>&1 &
	pids+=($!)
	spid=""
	for _ in $(seq 100); do
		[ -n "$spid" ] || spid=$(cat "/proc/${pids[-1]}/task/${pids[-1]}/children" 2>/dev/null | awk '{ print $1 }')
		url=$(grep -o 'http://127\.0\.0\.1:[0-9]*' "$tmp/serve.out" | head -1 || true)
		[ -z "$url" ] || [ -z "$spid" ] || return 0
		sleep 0.1
	done
	cat "$tmp/serve.out" >&2
	exit 1
}
# load: a run against the last server started, then the server is
# stopped; prints req/s and the server's CPU ms per request (user+sys,
# which a loaded machine inflates less than it lowers req/s) from the
# start of the run to its exit: a store that defers work (the bolt
# store's applier) pays for it on shutdown, counted here.
load() {
	local t0
	t0=$(awk '{ print $14 + $15 }' "/proc/$spid/stat")
	"$tmp/kompress-load" -url "$url" -c 16 -d 10s -size 4096 -json >"$tmp/load.json"
	kill "$spid"
	# This runs in a subshell, which cannot wait for the server: time
	# writes its report when the server has exited.
	for _ in $(seq 600); do
		[ -s "$tmp/serve.time" ] && break
		sleep 0.1
	done
	awk -F': ' -v t0="$t0" -v hz="$(getconf CLK_TCK)" -v total="$(awk 'END { print $1 + $2 }' "$tmp/serve.time")" '
		/"Requests"/ && !n { n = $2 + 0 }
		/"ReqPerSec"/ { r = $2 }
		END { printf "%.0f %.3f\n", r, 1000 * (total - t0 / hz) / n }' "$tmp/load.json"
}
echo "HTTP, 16 connections, 4 KB logs, 10 s each (load generator on the same machine):"
: >"$tmp/rows"
for ((round = 1; round <= rounds; round++)); do
	[ "$rounds" = 1 ] || echo " round $round of $rounds, load $(cut -d' ' -f1 /proc/loadavg)"
	serve "$tmp/kompress-load" -echo 127.0.0.1:0
	read -r echo_rps echo_cpu < <(load)
	printf "  echo server %14d req/s  %.3f ms CPU/req\n" "$echo_rps" "$echo_cpu"
	for bin in "${bins[@]}"; do
		tag=$(tag "$bin")
		serve "$bin" serve --addr 127.0.0.1:0 --store memory:
		read -r mem_rps mem_cpu < <(load)
		rm -f "$tmp/bench.db" "$tmp/bench.db-journal"
		serve "$bin" serve --addr 127.0.0.1:0 --store "bolt:$tmp/bench.db"
		read -r bolt_rps bolt_cpu < <(load)
		echo "$tag $echo_rps $echo_cpu $mem_rps $mem_cpu $bolt_rps $bolt_cpu" >>"$tmp/rows"
		awk -v t="$tag" -v e="$echo_rps" -v m="$mem_rps" -v b="$bolt_rps" -v ec="$echo_cpu" -v mc="$mem_cpu" -v bc="$bolt_cpu" 'BEGIN {
			printf "  %-4s memory store %6d req/s (%.0f%% of echo)    %.3f ms CPU/req (echo/this %.0f%%)\n", t, m, 100 * m / e, mc, 100 * ec / mc
			printf "  %-4s bolt store %8d req/s (%.0f%% of memory)  %.3f ms CPU/req (memory/this %.0f%%)\n", t, b, 100 * b / m, bc, 100 * mc / bc
		}'
	done
done
[ "$rounds" = 1 ] && exit 0
# The median of each column and ratio over the rounds, per binary.
echo " median of $rounds rounds:"
for tag in $(awk '{ print $1 }' "$tmp/rows" | sort -u); do
	awk -v t="$tag" '
		function median(a, n,   i, j, x) {
			for (i = 2; i <= n; i++) { x = a[i]; for (j = i - 1; j > 0 && a[j] > x; j--) a[j + 1] = a[j]; a[j + 1] = x }
			return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
		}
		$1 == t { n++; er[n] = $2; ec[n] = $3; mr[n] = $4; mc[n] = $5; br[n] = $6; bc[n] = $7
			me[n] = $4 / $2; bm[n] = $6 / $4; cme[n] = $3 / $5; cbm[n] = $5 / $7 }
		END {
			printf "  %-4s echo %d req/s %.3f ms; memory %d req/s (%.0f%% of echo) %.3f ms (echo/this %.0f%%); bolt %d req/s (%.0f%% of memory) %.3f ms (memory/this %.0f%%)\n",
				t, median(er, n), median(ec, n), median(mr, n), 100 * median(me, n), median(mc, n), 100 * median(cme, n),
				median(br, n), 100 * median(bm, n), median(bc, n), 100 * median(cbm, n)
		}' "$tmp/rows"
done
