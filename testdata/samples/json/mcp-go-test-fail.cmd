cd /tmp/jl/gt && go test -v ./... > /tmp/jl/gotest.txt 2>&1; jq -Rs '{content:[{type:"text",text:.}],isError:true}' /tmp/jl/gotest.txt
# exit status: 1 (go test); jq 0
# a real failing go test -v run (150 passing subtests, 2 failing tests, a nil-map panic) wrapped with jq as an MCP server returns a tool result
