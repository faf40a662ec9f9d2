cd /tmp/qa2/po1 && (st=0; for f in po/*.po; do msgfmt -c -v -o /dev/null "$f" || st=1; done; exit $st) 2>&1
# exit status: 1
# GNU gettext msgfmt 0.21 -c -v on de.po and fr.po: swapped/missing/extra c-format directives, missing plural forms,
# 3 plural forms for nplurals=2, trailing \n mismatch, renamed python-format %(name)s, incomplete header
