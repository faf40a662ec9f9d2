apt-cache show bash coreutils libc6 grep
