cd /tmp/qa/bison && bison -Wall -Wcounterexamples calc.y -o calc.c 2>&1
# exit status: 0
# calc.y: ambiguous expression grammar (only '+' has precedence), a useless nonterminal
