cd /tmp/qa2/hl2 && hlint src 2>&1
# exit status: 1
# .hlint.yaml raises "Use concatMap" and "Redundant if" to error level; src/Shipping.hs has a parse error (`in` after a where); plus warnings and suggestions
