cd /tmp/qa/xml && xmllint --noout broken.xml broken2.xml broken3.xml broken4.xml 2>&1
# exit status: 1
# broken*.xml: mismatched and unclosed tags, a '--' inside a comment
