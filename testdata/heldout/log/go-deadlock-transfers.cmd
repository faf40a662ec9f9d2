cd /tmp/smp/god && go run . 2>&1
# exit status: 1
# all goroutines asleep: 48 transfers deadlocked on account mutexes
