bind -b '#x' /dev; /n/local/opens.dis; ls /dev/null
