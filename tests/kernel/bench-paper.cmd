bind -b '#x' /dev; bench -o BASE XBASE GCSCHED GCIDLE INTR OPNIL | bcut 1-3 | wc -l; bench -s -n 50 XBASE GCACQUIRE OPSCHED | wc -w; echo end
