du -ah /usr/share/doc 2>&1 | head -700
