cd /tmp/qa/c && gcc -g cfg.c -o cfg && ltrace -S -f ./cfg 2>&1
# exit status: 0
# cfg.c tries $HOME/.appcfg and three fallbacks, all missing, exits 2 (ltrace itself exits 0); the program's stderr is interleaved
