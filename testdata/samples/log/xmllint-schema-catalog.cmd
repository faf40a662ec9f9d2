cd /tmp/qa/xml && xmllint --noout --schema catalog.xsd catalog.xml 2>&1
# exit status: 3
# catalog.xml: 60 books generated with bad years, prices, ids, isbns; catalog.xsd requires id, gYear, decimal, 13-digit isbn
