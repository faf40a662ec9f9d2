cd /tmp/qaloss/hunt/gpg && GNUPGHOME=/tmp/qaloss/hunt/gpg/home gpg --verify rel.txt.sig rel.txt 2>&1
# exit status: 1
