echo hi >/tmp/f; echo there >>/tmp/f; cat </tmp/f; wc -l /tmp/f
