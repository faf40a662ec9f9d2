cd /tmp/qa2/gr1 && groovy -d shop.groovy 2>&1
# exit status: 1
# Groovy 2.4.21 on OpenJDK 17, -d for full stack traces: IllegalStateException thrown from a method called inside
# an each { } closure; user frames shop.groovy:19/36/35 between reflection and callsite frames
