cd /tmp/qa2/po1 && (st=0; for f in broken/*.po; do msgfmt -c -v -o /dev/null "$f" || st=1; done; exit $st) 2>&1
# exit status: 1
# GNU gettext msgfmt 0.21 -c -v on four PO files that do not parse: duplicate msgids, unterminated strings, msgtsr typo,
# msgstr[N] without msgid_plural, wrong plural index, \q escapes, msgctxt without msgstr
