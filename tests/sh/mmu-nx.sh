#!/bin/sh
# mmu-nx -- where the processor has NX (minos's default -cpu qemu32,+nx)
# the kernel uses PAE's tables and data are not executable: the -v
# banner says so, and bctl's "inject exec" (a call to a ret written in
# a Dis heap block) fails with "fault exec" while the shell goes on;
# without NX (MINOS_CPU=qemu32) the tables are 32-bit ones, the banner
# says data are executable, and the ret returns.  Both keep the
# kernel's text read-only and page 0 unmapped.
cd "${ROOT:?}" || exit 1
T=o/tests/mmu-nx
rm -rf $T
mkdir -p $T/root/dis $T/tmp || exit 1
fail() { echo "mmu-nx: $*"; exit 1; }

# the banner, from a kernel that then cannot start init
echo 'not a dis file' >$T/root/dis/init.dis
o/bin/mkroot -o $T/root.img $T/root || exit 1
for cpu in qemu32,+nx qemu32; do
	timeout 60 qemu-system-i386 -accel tcg -cpu $cpu -bios /usr/share/qemu/qboot.rom \
		-kernel o/kernel/pc -initrd $T/root.img -append -v \
		-display none -serial stdio -device isa-debug-exit,iobase=0xf4,iosize=0x04 \
		-no-reboot -m 256 </dev/null >$T/out.raw 2>$T/err
	tr -d '\r' <$T/out.raw >$T/out
	got=$(grep '^paging: ' $T/out)
	case $cpu in
	*nx)	want='paging: pae, data not executable' ;;
	*)	want='paging: 32-bit, data executable' ;;
	esac
	[ "$got" = "$want" ] || { cat $T/out $T/err; fail "-cpu $cpu: banner '$got', want '$want'"; }
done

cmd='bind -b "#x" /dev; echo inject exec >/dev/bctl; echo status $status; cat /dev/bdata; cat /dev/sysctl; echo'
TMPDIR=$ROOT/$T/tmp ./minos run -smp 1 -c icount "$cmd" >$T/nx 2>&1
s=$?
printf '%s\n' 'echo: write error: sys: trap: fault exec addr=0x@' 'status write error' 'Minos' >$T/nx.want
sed 's/addr=0x[0-9a-f]*/addr=0x@/' $T/nx >$T/nx.got
[ $s -eq 0 ] && cmp -s $T/nx.got $T/nx.want || { diff $T/nx.got $T/nx.want; fail "with NX: status $s"; }

TMPDIR=$ROOT/$T/tmp MINOS_CPU=qemu32 ./minos run -smp 1 -c icount "$cmd" >$T/x 2>&1
s=$?
printf '%s\n' 'status ' 'inject exec: data executed' 'Minos' >$T/x.want
[ $s -eq 0 ] && cmp -s $T/x $T/x.want || { diff $T/x $T/x.want; fail "without NX: status $s"; }
exit 0
