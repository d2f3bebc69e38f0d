bind -b '#x' /dev; /n/local/ctlnul.dis; ls /dis/sh.dis
