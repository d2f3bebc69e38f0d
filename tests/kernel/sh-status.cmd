cat /nosuch; echo status $status; nosuchcmd; echo $status
