jq -c ".[] | {id, double: (.v*2)}" ev.jsonl; jq ".users[] | .age + 1" j.json
