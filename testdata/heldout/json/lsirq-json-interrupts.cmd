lsirq -J 2>&1
# exit status: 0
# util-linux 2.38.1 lsirq --json on the same VM: pretty-printed {"interrupts":[{irq,total,name}...]}, some name null
