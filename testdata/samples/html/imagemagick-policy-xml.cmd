cat /etc/ImageMagick-6/policy.xml
# exit status: 0
