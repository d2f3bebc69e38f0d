#!/bin/sh
# cons-virtio -- the console's output through a virtio console
# (pc/vcons.c): the -v banner says which way output goes, with QEMU's
# virtconsole and without it; ./minos run's output is the same byte for
# byte either way (MINOS_VCONS=0 keeps the uart), and past the
# driver's 4096-byte buffer; and a panic's message, written with
# interrupts off, comes out either way.
cd "${ROOT:?}" || exit 1
T=o/tests/cons-virtio
rm -rf $T
mkdir -p $T/root/dis $T/tmp || exit 1
fail() { echo "cons-virtio: $*"; exit 1; }

# the banner, from a kernel that then cannot start init and panics
echo 'not a dis file' >$T/root/dis/init.dis
o/bin/mkroot -o $T/root.img $T/root || exit 1
for v in virtio uart; do
	vc=""
	[ $v = virtio ] && vc="-chardev file,id=vc,path=$T/out.raw,append=on -device virtio-serial-pci,disable-modern=on,ioeventfd=off -device virtconsole,chardev=vc"
	: >$T/out.raw
	timeout 60 qemu-system-i386 -accel tcg -cpu qemu32,+nx -bios /usr/share/qemu/qboot.rom \
		-kernel o/kernel/pc -initrd $T/root.img -append -v \
		-display none -chardev file,id=con,path=$T/out.raw,append=on -serial chardev:con $vc \
		-device isa-debug-exit,iobase=0xf4,iosize=0x04 \
		-no-reboot -m 256 </dev/null 2>$T/err
	tr -d '\r' <$T/out.raw >$T/out
	got=$(grep '^console: ' $T/out)
	case $v in
	virtio)	want='console: output virtio, input uart' ;;
	*)	want='console: uart' ;;
	esac
	[ "$got" = "$want" ] || { cat $T/out $T/err; fail "$v: banner '$got', want '$want'"; }
	grep -q '^Minos i386 kernel' $T/out || fail "$v: no first line of the banner"
	grep -q '^panic: cannot load /dis/init.dis' $T/out || { cat $T/out; fail "$v: no panic message"; }
done

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
