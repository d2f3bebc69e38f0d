ls -p /n/local /n/local/sub; cat /n/local/hello.txt /n/local/sub/x; echo y > /n/local/new; rm /n/local/hello.txt; echo end
