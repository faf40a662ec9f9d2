apt-cache depends --recurse --no-recommends bash | head -400
