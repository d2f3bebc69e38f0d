mkdir /tmp/t; bind -c '#T40000000' /tmp/t; /n/local/tmpfill.dis /tmp/t; ls /tmp/t; echo done
