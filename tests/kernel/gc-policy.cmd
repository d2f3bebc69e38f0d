/n/local/gcpol.dis rules; /n/local/gcpol.dis hog; /n/local/gcpol.dis errors; echo the kernel runs
