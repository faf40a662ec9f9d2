for f in phpsrc/*.php; do php -l "$f"; done
