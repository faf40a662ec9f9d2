cd /tmp/jl/py && /usr/bin/pytest -v test_rates_p.py > /tmp/jl/pytest.out 2>&1; jq -n --rawfile t /tmp/jl/pytest.out '{jsonrpc:"2.0",id:7,result:{content:[{type:"text",text:$t}],isError:true}}'
# exit status: 1 (pytest); jq 0
# a real failing pytest -v run (79 passed, 3 failed: an assert, FileNotFoundError, ValueError) wrapped with jq as an MCP JSON-RPC response with a tool result
