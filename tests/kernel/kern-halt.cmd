echo before; echo halt 5 > /dev/sysctl; echo not reached
