apt-get install -y kompress-nonexistent-pkg
# exit status: 100
