/n/local/cycle.dis; ls /dis/sh.dis
