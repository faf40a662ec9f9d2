cd ml && for f in m*.ml; do ocamlc -w +a -c $f; done
