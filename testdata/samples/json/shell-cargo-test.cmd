cd /tmp/jl/ledger && cargo test > /tmp/jl/c.out 2> /tmp/jl/c.err; jq -n --rawfile out /tmp/jl/c.out --rawfile err /tmp/jl/c.err '{command:"cargo test",cwd:"/tmp/jl/ledger",exit_code:101,stdout:$out,stderr:$err}'
# exit status: 101 (cargo test); jq 0
# a real failing cargo test run (RUST_BACKTRACE set: stack backtraces) wrapped with jq the way shell tools return {exit_code, stdout, stderr}
