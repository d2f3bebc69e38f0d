echo 0123456789abcdef > /tmp/a; for i in 1 2 3 4 5 6 7 8 9 10 11 12 {cat /tmp/a /tmp/a > /tmp/b; mv /tmp/b /tmp/a}; cat /tmp/a | echo hi; echo status $status
