/n/local/gcfull.dis; echo the kernel runs
