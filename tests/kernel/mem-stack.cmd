/n/local/deep.dis; ls /dis/sh.dis
