cat /etc/maven/settings.xml
# exit status: 0
