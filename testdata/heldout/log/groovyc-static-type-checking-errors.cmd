cd /tmp/qa2/gr2 && groovyc -d classes Billing.groovy 2>&1
# exit status: 1
# groovyc 2.4.21: @CompileStatic/@TypeChecked classes with 5 static type checking errors (List.size property, misspelt
# method names totl/lenght, String#sendTo, Map putAt with BigDecimal into Map<String,Integer>)
