/n/local/spawns.dis; ls /dis/sh.dis
