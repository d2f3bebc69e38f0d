#!/bin/sh
# layout-build -- kernel layouts (layout(8)): a seed gives the same
# kernel byte for byte, another seed another kernel; the default
# kernels are left alone; the kernel says its seed in /dev/layout;
# bad seeds, configs and build lines are refused with a clear message;
# the padded kernel has the reference's layout; and under icount a
# kernel that executes the same instructions as another, in another
# layout, gives the same observations.
TAG=layout
. "${ROOT:-.}/tests/sh/check.inc"
M="sh $R/minos"
MK=/usr/lib/plan9/bin/mk

# fails NAME CMD...: CMD exits 1 with exactly the message on stdin
fails() {
	ncase=$((ncase + 1))
	n=$1
	shift
	cat >"$T/want"
	"$@" >"$T/out" 2>"$T/err"
	st=$?
	if [ $st != 1 ]; then
		bad "$n" "status $st, want 1"
	elif ! cmp -s "$T/want" "$T/err"; then
		bad "$n" "stderr: $(head -c 200 "$T/err")"
	fi
}

hash() {
	sha256sum "$1" | cut -c1-16
}

$M build >/dev/null 2>&1 || { echo "build failed"; exit 1; }
d0=$(hash "$R/o/kernel/pc")

# determinism: the same seed twice is the same kernel; another is not
rm -rf "$R/o/layout/5" "$R/o/layout/6"
$M build -L 5 -k pc >/dev/null 2>"$T/err"
check built '[ -f "$R/o/layout/5/pc" ] && grep -qx "minos: built $R/o/layout/5/pc" "$T/err"'
h5=$(hash "$R/o/layout/5/pc")
cp "$R/o/layout/5/pc.ld" "$T/5.ld"
rm -rf "$R/o/layout/5"
$M build -L 5 -k pc >/dev/null 2>&1
check same-seed '[ "$(hash "$R/o/layout/5/pc")" = "$h5" ] && cmp -s "$R/o/layout/5/pc.ld" "$T/5.ld"'
(cd "$R/pc" && ROOT="$R" $MK LAYOUT=6 >/dev/null 2>&1)
check mk-layout '[ -f "$R/o/layout/6/pc" ] && [ -f "$R/o/layout/6/pcold" ]'
check other-seed '[ "$(hash "$R/o/layout/6/pc")" != "$h5" ] && [ "$h5" != "$d0" ]'
# (its bytes, not its time: under tests/run -j other cases' mk may relink
# it, byte for byte the same)
check default-untouched '[ "$(hash "$R/o/kernel/pc")" = "$d0" ]'
# the layout: every function of the default kernel, elsewhere
nm "$R/o/kernel/pc" | awk '$2 ~ /^[tT]$/ { print $3, $1 }' | sort >"$T/nm0"
nm "$R/o/layout/5/pc" | awk '$2 ~ /^[tT]$/ { print $3, $1 }' | sort >"$T/nm5"
cut -d" " -f1 "$T/nm0" >"$T/names0"
cut -d" " -f1 "$T/nm5" >"$T/names5"
check same-functions 'cmp -s "$T/names0" "$T/names5"'
check moved '[ $(join "$T/nm0" "$T/nm5" | awk "\$2 == \$3" | wc -l) -lt 10 ]'
check script 'grep -q "^	\. += 0x[0-9a-f]*;$" "$T/5.ld" && grep -q "^		\*/port/chan.o(\.text\.namec)$" "$T/5.ld" && grep -q "^	end = \.;$" "$T/5.ld"'

# the kernel says its layout
check dev-layout '[ "$($M run -L 5 "cat /dev/layout; echo")" = 5 ] && [ "$($M run "cat /dev/layout; echo")" = 0 ]'
check dev-layout-icount '[ "$($M run -c icount -L 6 -k pcold "cat /dev/layout; echo")" = 6 ]'

# bad seeds, configs and build lines
for s in 0123 x12 1234567890 -3 ''; do
	fails "seed-$s" $M run -L "$s" echo <<E
minos: -L $s: want a layout seed from 1 to 999999999 (0: the default layout)
E
done
fails build-seed $M build -L 1e3 <<'E'
minos: -L 1e3: want a layout seed from 1 to 999999999 (0: the default layout)
E
fails no-config $M run -L 5 -k nosuch echo <<'E'
minos: -k nosuch: no kernel config pc/nosuch
E
fails bad-config $M build -k ../pc <<'E'
minos: -k ../pc: not a kernel config name
E
fails mk-seed sh -c "cd '$R/pc' && ROOT='$R' $MK CONF=pc LAYOUT=07 kernel 2>&1 >/dev/null | grep ^mkkernel: >&2; exit 1" <<'E'
mkkernel: bad layout seed '07': want a number from 1 to 999999999
E
echo "(/x/a.a)b.o" >"$T/trace"
fails mklayout-seed sh "$R/pc/mklayout" -s 0 "$T/trace" <<'E'
mklayout: bad seed '0': want a number from 1 to 999999999
E
fails mklayout-class sh "$R/pc/mklayout" -s 3 -c text,code "$T/trace" <<'E'
mklayout: bad class 'code': want text, rodata, data, bss or heap
E
printf 'build\n\tshuffle text code\n' >"$T/badshuffle"
fails shuffle sh -c "cd '$R/pc' && ./mkdevtab -b '$T/badshuffle'" <<E
mkdevtab: $T/badshuffle: shuffle code: want text, rodata, data, bss or heap
E
printf 'dev\n\troot\nbuild\n\tcflags -DX -O3\n' >"$T/badflags"
fails cflags sh -c "cd '$R/pc' && ./mkdevtab -b '$T/badflags'" <<E
mkdevtab: $T/badflags: cflags -O3: only -DNAME, -DNAME=value and -UNAME
E
printf 'build\n\tstrip all\n' >"$T/badbuild"
fails build-line sh -c "cd '$R/pc' && ./mkdevtab -b '$T/badbuild'" <<E
mkdevtab: $T/badbuild: bad build line: 	strip all
E
printf 'misc\n\trefinline 2\n' >"$T/badmisc"
fails misc sh -c "cd '$R/pc' && ./mkdevtab '$T/badmisc' >/dev/null" <<'E'
mkdevtab: bad misc setting: refinline 2
E

# the experiment's kernels and pctext are pc but for what layout(8)
# says: the same devices
devs() { awk '/^dev$/ { on = 1; next } /^[^\t]/ { on = 0 } on' "$R/pc/$1"; }
for k in pctext refmacro refpad refswfunc refswmacro; do
	check "$k-devices" '[ "$(devs '$k')" = "$(devs pc)" ]'
done
# the NetBSD experiment's kernels: refpad (incref and decref called, as
# in pc) has each function where refmacro (expanded inline) has it,
# but those the compiler made larger in pc, which follow at the end
$M build -k refpad >"$T/out" 2>"$T/err"
check refpad-built '[ -f "$R/o/kernel/refpad" ] && [ -f "$R/o/kernel/refmacro" ]'
# every function is where refmacro has it but those mklayout finds larger
# (chan.c's, devmnt's and devsrv's that call incref or decref)
nlarger=$(grep -c "larger than in the reference" "$R/o/kernel/refpad.ld" 2>/dev/null)
check refpad-pinned 'grep "^mkkernel: refpad: " "$T/err" | awk -v l="$nlarger" "{ exit !(\$5 - \$3 <= l && l <= 25 && \$5 > 500) }"'
check refpad-late 'grep -q "larger than in the reference: \*/ \*/port/chan.o" "$R/o/kernel/refpad.ld"'
# refswmacro and refswfunc: one text, the switch in the data
$M build -k refswmacro -k refswfunc >/dev/null 2>&1
objcopy -O binary -j .text "$R/o/kernel/refswmacro" "$T/swm.text"
objcopy -O binary -j .text "$R/o/kernel/refswfunc" "$T/swf.text"
check switch-text 'cmp -s "$T/swm.text" "$T/swf.text"'
nm "$R/o/kernel/refswmacro" >"$T/nm.swm"
nm "$R/o/kernel/refswfunc" >"$T/nm.swf"
check switch-symbols 'cmp -s "$T/nm.swm" "$T/nm.swf"'

# under icount: pc and refpad execute the same instructions in two
# layouts and take the same time for an operation; refmacro, its incref
# and decref expanded inline, takes less for a stat. A batch of 1000
# stats (26 ms) holds two or three clock interrupts, and how many, and
# what they do, moves with any change in the instructions executed
# since boot (the phase: layout(8)), so medians of such batches differ
# by 100 ns from one image to another. Batches of 100 (2.6 ms) are
# mostly between interrupts: their medians agree to the clock's
# quantum, a microsecond a batch, 10 ns an operation, whatever the
# image. The Dis collector is stopped: its chunk cache is indexed by
# heap addresses, which move with the kernel's size, so its pauses
# cost other times in refpad. The object records its source path
# mapped (-P), so that the image is the same wherever the tree was
# checked out.
mkdir -p "$T/prog"
"$R/o/bin/limbo" -I "$R/module" -P "$R=" -o "$T/prog/refloop.dis" "$R/tests/data/layout/refloop.b" >"$T/limbo.log" 2>&1
st=$?
check refloop '[ $st = 0 ]'
# medians: a line "NAME median" for each result line of a file
medians() {
	awk '/:1l:/ { n = split($0, f, " "); m = n - 1
		for(i = 2; i <= n; i++) v[i-1] = f[i] + 0
		for(i = 1; i <= m; i++) for(j = i+1; j <= m; j++) if(v[j] < v[i]) { t = v[i]; v[i] = v[j]; v[j] = t }
		sub(/:.*/, "", f[1])
		print f[1], (m % 2) ? v[(m+1)/2] : (v[m/2] + v[m/2+1]) / 2 }' "$1"
}
for k in pc refpad refmacro; do
	$M run -c icount -k $k -i "$T/prog" "bind -a '#x' /dev; echo gc off >/dev/bctl; /n/local/refloop -n 31 -k 100" >"$T/$k.res" 2>&1
	medians "$T/$k.res" >"$T/$k.med"
done
check pad-same '[ $(wc -l <"$T/pc.med") = 3 ] && join "$T/pc.med" "$T/refpad.med" | awk "{ d = \$2 - \$3; if(d < -10 || d > 10) exit 1 }"'
# layouts of pctext move only the code, the data staying at the same
# addresses: they execute the same instructions, and under icount give
# the same observations, every one
for s in 5 6; do
	$M run -c icount -k pctext -L $s -i "$T/prog" '/n/local/refloop -n 31 -k 100' >"$T/text$s.res" 2>&1
done
check text-same 'grep -q "^STAT:1l:" "$T/text5.res" && cmp -s "$T/text5.res" "$T/text6.res"'
check text-moved '[ "$(nm "$R/o/layout/5/pctext" | grep " T namec$")" != "$(nm "$R/o/layout/6/pctext" | grep " T namec$")" ]'
check text-data '[ "$(nm "$R/o/layout/5/pctext" | grep " [bBdDrR] " | grep -v " e*k\(sym\|line\)$" | sort)" = "$(nm "$R/o/layout/6/pctext" | grep " [bBdDrR] " | grep -v " e*k\(sym\|line\)$" | sort)" ]'
check macro-stat 'join "$T/pc.med" "$T/refmacro.med" | awk "\$1 == \"STAT\" { exit !(\$2 - \$3 >= 20) }"'
finish
