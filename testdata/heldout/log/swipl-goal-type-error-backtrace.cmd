cd /tmp/qa2/pl2 && swipl -g main -t halt inventory.pl 2>&1
# exit status: 2
# SWI-Prolog 9.0.4: inventory script with discontiguous item/3 clauses and singleton variables (load warnings),
# then main calls discount(gadget, ten, _) and is/2 raises a type error with a backtrace
