# cwd: /tmp/t4 (Debian ant 1.10, OpenJDK javac; build.xml compiles src/shop/{Cart,Order}.java with -Xlint:all: raw types, unchecked calls, a misspelt field, a missing method, wrong return types)
ant -noinput 2>&1
# exit status: 1
