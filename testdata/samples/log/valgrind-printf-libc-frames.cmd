cd /tmp/qaloss/vg && gcc -g -O0 labels.c -o labels && valgrind --leak-check=full ./labels 2>&1  # labels.c: label_1 … label_8 each strdup (leaked) and printf an unterminated malloc(3) buffer; glibc debug info installed
# exit status: 0
