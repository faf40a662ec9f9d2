cd /tmp/gomod && (printf 'package\ttest\taction\telapsed\n'; go test -json -count=1 . ./strutil/ 2>/dev/null | jq -r 'select(.Test != null and (.Action == "pass" or .Action == "fail" or .Action == "skip")) | [.Package, .Test, .Action, .Elapsed] | @tsv')
# exit status: 0
# uses the /tmp/gomod test module described in log/go-test-v-fail.cmd
