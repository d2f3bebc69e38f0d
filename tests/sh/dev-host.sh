#!/bin/sh
# dev-host -- the devices (root, cons, pipe, tmp) driven on the host by
# tests/kernel/host/test.c over the kernel's own chan.c, dev.c, qio.c ...
# and a stand-in for the rest of port/ (host/mock.c).
set -e
R=${ROOT:-$(pwd)}
H=$R/tests/kernel/host
O=$R/o/tests/devhost
F="-m32 -O1 -g -w -ffreestanding -fno-builtin -fno-pic -fno-pie -fno-stack-protector
 -fno-omit-frame-pointer -fplan9-extensions -fno-strict-aliasing -nostdinc -DKERNEL
 -I$R/include -I$R/pc -I$R/port"
mkdir -p $O
for f in chan dev devutil convD2M convM2D error qio self; do
	gcc $F -c $R/port/$f.c -o $O/$f.o
done
for d in root cons pipe tmp; do
	gcc $F -c $R/dev/dev$d.c -o $O/dev$d.o
done
gcc $F -c $H/mock.c -o $O/mock.o
gcc -m32 -c $R/pc/label.S -o $O/label.o
gcc $F -c $H/test.c -o $O/test.o
gcc -m32 -c $H/cmain.c -o $O/cmain.o
gcc -m32 -no-pie -o $O/harness $O/*.o $R/o/k386/lib9.a
cd $O && ./harness >harness.out 2>&1 || { cat harness.out; exit 1; }
grep -q '^0 failures$' harness.out || { cat harness.out; exit 1; }
