cd /tmp/qa2/splint1 && splint strbuf.c 2>&1
# exit status: 1
# Splint 3.1.2 on a string-buffer program: unchecked malloc/realloc, gets(), missing printf argument,
# assignment in if, use after free, leaks
