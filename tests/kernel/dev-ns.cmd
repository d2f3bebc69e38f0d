bind -b /tmp /dis; bind -a /prog /dis; bind /n /mnt; mkdir /tmp/x; bind -c '#R' /tmp/x; cat /prog/1/ns; cat /prog/1/exception | wc -c
