bind -c '#R' /mnt; echo hi >/mnt/x; cat /mnt/x; ls /mnt; unmount /mnt; ls /mnt; rm /tmp/x; echo done
