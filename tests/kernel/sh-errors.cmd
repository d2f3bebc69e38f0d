ls /nosuch; cp /nosuch /tmp; rm /nosuch; mkdir /tmp; mkdir /dis/x; echo x > /dis/y; cd /nosuch; bind /nosuch /tmp; grep '(' /dev/null; sort /nosuch; echo $status
