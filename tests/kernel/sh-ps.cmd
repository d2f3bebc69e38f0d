ps | grep -c ' Ps'; sleep 1 & sleep 0.1; ps | grep -c ' Sleep'; wait; ps | grep -c ' Sleep'; status
