/n/local/chans.dis; ls /dis/sh.dis
