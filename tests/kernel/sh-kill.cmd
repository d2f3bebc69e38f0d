sleep 100 & sleep 0.1; ps | grep -c ' Sleep'; kill -g $apid; sleep 0.1; ps | grep -c ' Sleep'; status
