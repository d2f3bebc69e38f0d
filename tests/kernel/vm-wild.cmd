/n/local/wildint.dis; /n/local/wildkern.dis; echo still here; ls /dis/sh.dis
