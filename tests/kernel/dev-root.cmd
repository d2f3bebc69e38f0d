ls -d /chan /dev /dis /env /fd /mnt /n /n/local /net /prog /tmp; ls /dis/sh.dis; echo x > /dis/new; echo x > /dis/sh.dis; rm /dis/sh.dis; mkdir /dis/d; echo end
