date | wc -w; date -n | grep -c '^[0-9]+$'
