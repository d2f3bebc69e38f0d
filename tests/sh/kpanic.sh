#!/bin/sh
# kpanic -- a kernel that cannot start init panics: it prints
# "panic: ..." even without -v and powers off with status 3
# (QEMU exits 7); with -v the boot banner comes first, and says where
# the console's output goes: the serial line, or a virtio console
# (pc/vcons.c) where QEMU has one, which the panic's message, written
# with interrupts off, goes through too.
cd "${ROOT:?}" || exit 1
T=o/tests/kpanic
rm -rf $T
mkdir -p $T/root/dis || exit 1
echo 'not a dis file' >$T/root/dis/init.dis
o/bin/mkroot -o $T/root.img $T/root || exit 1
vc="-chardev file,id=vc,path=$T/out.raw,append=on -device virtio-serial-pci,disable-modern=on,ioeventfd=off -device virtconsole,chardev=vc"
for opt in '' -v -vc; do
	dev=""
	[ "$opt" = -vc ] && dev=$vc
	: >$T/out.raw
	timeout 60 qemu-system-i386 -accel tcg -bios /usr/share/qemu/qboot.rom \
		-kernel o/kernel/pc -initrd $T/root.img -append "${opt%c}" \
		-display none -chardev file,id=con,path=$T/out.raw,append=on -serial chardev:con $dev \
		-device isa-debug-exit,iobase=0xf4,iosize=0x04 \
		-no-reboot -m 256 </dev/null 2>$T/err
	status=$?
	tr -d '\r' <$T/out.raw >$T/out
	if [ $status -ne 7 ]; then
		echo "kpanic: '$opt': qemu exit status $status, want 7"; cat $T/out $T/err
		exit 1
	fi
	first=$(grep -v '^$' $T/out | head -1)
	case "$opt:$first" in
	:'panic: cannot load /dis/init.dis: '*) ;;
	-v*:'Minos i386 kernel, HZ 100, '*) ;;
	*)	echo "kpanic: '$opt': unexpected output"; cat $T/out; exit 1 ;;
	esac
	if ! grep -q '^panic: cannot load /dis/init.dis' $T/out; then
		echo "kpanic: '$opt': no panic message"; cat $T/out; exit 1
	fi
	con=$(grep '^console: ' $T/out)
	case "$opt:$con" in
	:|'-v:console: uart'|'-vc:console: output virtio, input uart') ;;
	*)	echo "kpanic: '$opt': banner says '$con'"; exit 1 ;;
	esac
done
exit 0
