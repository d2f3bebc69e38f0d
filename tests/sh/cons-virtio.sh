#!/bin/sh
# cons-virtio -- ./minos run's output through the virtio console
# (pc/vcons.c) is what MINOS_VCONS=0 gives through the serial line, byte
# for byte, in small writes and past the driver's 4096-byte buffer.
# (sh/kpanic: the banner and a panic's message through it.)
cd "${ROOT:?}" || exit 1
T=o/tests/cons-virtio
rm -rf $T
mkdir -p $T/tmp || exit 1
fail() { echo "cons-virtio: $*"; exit 1; }

# the same output either way: small writes, and a page of 13 KB in
# cat's writes of up to 8 KB, past the driver's buffer
cmd='echo one; cat /man/1/bench.1; echo two; cat /dev/nosuch; echo three'
for v in 1 0; do
	TMPDIR=$ROOT/$T/tmp MINOS_VCONS=$v ./minos run -c icount "$cmd" >$T/run$v 2>&1
	echo $? >>$T/run$v
done
[ "$(wc -c <o/root/man/1/bench.1)" -gt 8192 ] || fail "bench.1 is too short to test"
{ echo one; cat o/root/man/1/bench.1; echo two; } >$T/want
head -n $(wc -l <$T/want) $T/run1 | cmp -s - $T/want || fail "virtio console: the output differs from what was written"
cmp -s $T/run1 $T/run0 || { diff $T/run1 $T/run0 | head -5; fail "virtio console and uart differ"; }
rm -rf $T
exit 0
