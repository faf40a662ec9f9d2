cd /tmp/qa2/lin1 && lintian --no-cfg -I -E --pedantic myapp_1.0_amd64.deb 2>&1
# exit status: 2
# lintian 2.116 on a hand-made binary .deb (dpkg-deb --root-owner-group --build pkg): 7 E: tags (files in /usr/local, no copyright,
# conffile not marked, malformed Maintainer, bogus changelog mail host), W:/I:/P: tags; exit 2
