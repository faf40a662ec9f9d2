cd /tmp/qa2/pl1 && swipl -g run_tests -t halt test_family.pl 2>&1
# exit status: 1
# SWI-Prolog 9 plunit: left-recursive ancestor/2 blows the stack, age_gap sign wrong, a missing fact,
# and a syntax error (unclosed paren) in family.pl
