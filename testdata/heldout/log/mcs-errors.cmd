# cwd: /tmp/qa3/fx/cs (Mono C# compiler; 18 generated classes C0..C17 with duplicate locals, missing semicolons and undefined names)
mcs -warn:4 -target:library *.cs
# exit status 1
