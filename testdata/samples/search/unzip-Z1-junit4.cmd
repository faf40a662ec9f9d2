# cwd: /tmp (unzip 6.0 from Debian; junit4 4.13 from Debian; -Z1: zipinfo's names-only listing)
unzip -Z1 /usr/share/java/junit4.jar
# exit status 0
