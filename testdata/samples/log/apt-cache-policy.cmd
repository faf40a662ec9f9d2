apt-cache policy bash libc6 openssl
