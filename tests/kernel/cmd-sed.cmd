echo 'x y' | sed 's/(x) (y)/\2 \1/'; bind -b '#x' /dev; echo gc sched 5 >/dev/bctl; sed -n 's/^GCSCHED:1l:([^ ]*).*/\1/p' /dev/bdata; sed -n '/^\.SH NAME/,/^\.SH/p' /man/1/sed.1
