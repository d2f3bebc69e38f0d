ls -d /dev/cons /prog /tmp; mkdir /tmp/d; echo x >/tmp/d/f; ls /tmp/d; cd /tmp/d; pwd; cat f
