#!/bin/sh
# kboot -- the kernel boots a root image whose /dis/init.dis is the
# conformance hello.dis, prints exactly its output on the serial line
# and powers off with status 0 (QEMU exits 1), in both clock modes.
cd "${ROOT:?}" || exit 1
T=o/tests/kboot
S=${MINOS_SHARED:-../shared}
rm -rf $T
mkdir -p $T/root/dis || exit 1
cp $S/conformance/hello.dis $T/root/dis/init.dis || exit 1
o/bin/mkroot -o $T/root.img $T/root || exit 1
for clock in real icount; do
	case $clock in
	real)	flags= ;;
	icount)	flags='-icount shift=0,sleep=off' ;;
	esac
	timeout 60 qemu-system-i386 -accel tcg $flags -bios /usr/share/qemu/qboot.rom \
		-kernel o/kernel/pc -initrd $T/root.img -append '' \
		-display none -serial stdio -device isa-debug-exit,iobase=0xf4,iosize=0x04 \
		-no-reboot -m 256 </dev/null >$T/out.raw 2>$T/err
	status=$?
	tr -d '\r' <$T/out.raw >$T/out
	if [ $status -ne 1 ]; then
		echo "kboot: $clock: qemu exit status $status, want 1"; cat $T/out $T/err
		exit 1
	fi
	if ! cmp -s $T/out $S/conformance/hello.out; then
		echo "kboot: $clock: output differs"
		diff $T/out $S/conformance/hello.out
		exit 1
	fi
done
exit 0
