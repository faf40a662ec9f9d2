# cwd: /tmp/qa5/fx/jvm (Debian scala 2.11; Shapes.scala with 5 errors)
scalac -deprecation -feature Shapes.scala
# exit status 1
