bind -b '#w' /dev; waitstat; echo waitstat status $status; /n/local/ctlnul.dis; /n/local/snaps.dis 1000 8000; echo the shell runs
