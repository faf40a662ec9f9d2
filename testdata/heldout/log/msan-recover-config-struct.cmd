cd /tmp/qa2/msan && clang++ -g -O0 -fsanitize=memory -fsanitize-recover=memory -fsanitize-memory-track-origins=2 -fno-omit-frame-pointer config.cpp -o config && MSAN_OPTIONS=halt_on_error=0 ./config 2>&1
# exit status: 1
# MemorySanitizer in recover mode: a new'ed Config with only its name copied (tls, workers read), an uninitialized stack int returned, an array element never written; four reports
