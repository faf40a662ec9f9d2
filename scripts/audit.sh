#!/bin/sh
# audit.sh [OUT.md] [BASE-REF]: run TestFailureAudit over the samples and
# write its markdown report to OUT.md (default /tmp/kompress-audit.md).
# With BASE-REF (e.g. main), audit only the sample files added since it.
set -eu
cd "$(dirname "$0")/.."
out=${1:-/tmp/kompress-audit.md}
case $out in /*) ;; *) out=$PWD/$out ;; esac
args="-audit=$out"
if [ $# -ge 2 ]; then
	list=$(mktemp)
	trap 'rm -f "$list"' EXIT
	git diff --name-only --diff-filter=A "$2" -- 'testdata/samples/*.txt' 'testdata/heldout/*.txt' >"$list"
	args="$args -audit.list=$list"
fi
# The test fails when a failure line is lost by today's routed definition;
# the report is written either way.
go test -run '^TestFailureAudit$' -count=1 -timeout 30m . -args $args || true
echo "audit written to $out"
