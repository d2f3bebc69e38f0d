#!/bin/sh
# kpanic -- a kernel that cannot start init panics: it prints
# "panic: ..." even without -v and powers off with status 3
# (QEMU exits 7); with -v the boot banner comes first.
cd "${ROOT:?}" || exit 1
T=o/tests/kpanic
rm -rf $T
mkdir -p $T/root/dis || exit 1
echo 'not a dis file' >$T/root/dis/init.dis
o/bin/mkroot -o $T/root.img $T/root || exit 1
for opt in '' -v; do
	timeout 60 qemu-system-i386 -accel tcg -bios /usr/share/qemu/qboot.rom \
		-kernel o/kernel/pc -initrd $T/root.img -append "$opt" \
		-display none -serial stdio -device isa-debug-exit,iobase=0xf4,iosize=0x04 \
		-no-reboot -m 256 </dev/null >$T/out.raw 2>$T/err
	status=$?
	tr -d '\r' <$T/out.raw >$T/out
	if [ $status -ne 7 ]; then
		echo "kpanic: '$opt': qemu exit status $status, want 7"; cat $T/out $T/err
		exit 1
	fi
	first=$(grep -v '^$' $T/out | head -1)
	case "$opt:$first" in
	:'panic: cannot load /dis/init.dis: '*) ;;
	-v:'Minos i386 kernel, HZ 100, '*) ;;
	*)	echo "kpanic: '$opt': unexpected output"; cat $T/out; exit 1 ;;
	esac
	if ! grep -q '^panic: cannot load /dis/init.dis' $T/out; then
		echo "kpanic: '$opt': no panic message"; cat $T/out; exit 1
	fi
done
exit 0
