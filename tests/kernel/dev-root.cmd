ls /; echo x > /dis/new; echo x > /dis/sh.dis; rm /dis/sh.dis; echo end
