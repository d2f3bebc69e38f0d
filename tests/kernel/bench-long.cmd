bind -b '#x' /dev; /n/local/long.dis
