/n/local/spawns.dis; /n/local/leak.dis; /n/local/leak.dis; echo the shell runs; /n/local/leak.dis -f; ls /dis/sh.dis
