dpkg -s bash coreutils
