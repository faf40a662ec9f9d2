# cwd: /tmp (unzip 6.0 from Debian; junit4 4.13 from Debian: 389 entries, many *Exception.class)
unzip -l /usr/share/java/junit4.jar
# exit status 0
