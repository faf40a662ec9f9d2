cd /tmp/qroute-s/gpg && (GNUPGHOME=home2 gpg --batch --import pub.asc; GNUPGHOME=home2 gpg --verify doc.txt.sig doc.txt; echo "data v2" > doc.txt; GNUPGHOME=home2 gpg --verify doc.txt.sig doc.txt; echo "exit $?") 2>&1   # a fresh keyring imports a key made for this sample; the second verify is of a changed file
# exit status: 1
