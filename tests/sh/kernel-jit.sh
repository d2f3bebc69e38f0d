#!/bin/sh
# kernel-jit -- compiled Dis in the kernel (pc/codemem.c, boot(8)):
# under -c1 (./minos run -jit) a program's loops are compiled and print
# what the interpreter prints, with one processor and with two (whose
# TLBs compexec flushes); a module whose code would pass a chunk (2MB)
# is interpreted, the loader saying so; DONTCOMPILE (limbo -C) is never
# compiled, MUSTCOMPILE (limbo -c) is without -c1; and emu honours both
# flags (EMUCOMPDEBUG).  -cv (MINOS_KOPTS) reports each module compiled.
R=${ROOT:-$(pwd)}
d=$(mktemp -d /tmp/minos-jit.XXXXXX)
trap 'rm -rf "$d"' EXIT
mkdir -p "$d/local" || exit 1
L="$R/o/bin/limbo -I $R/module -P$R="
$L -o "$d/local/loop.dis" "$R/tests/sh/jit-loop.b" &&
$L -C -o "$d/local/dont.dis" "$R/tests/sh/jit-loop.b" &&
$L -c -o "$d/local/must.dis" "$R/tests/sh/jit-loop.b" || exit 1
# some 2.7MB of code, 1MB each 3000 lines (comp386's today)
awk 'BEGIN {
	print "implement Big;\ninclude \"sys.m\";\n\tsys: Sys;\ninclude \"draw.m\";"
	print "Big: module\n{\n\tinit: fn(nil: ref Draw->Context, nil: list of string);\n};"
	print "init(nil: ref Draw->Context, nil: list of string)\n{"
	print "\tsys = load Sys Sys->PATH;\n\ta := array[16] of { * => 1 };\n\ts := 0;"
	for(k = 0; k < 8000; k++)
		printf "\ts += a[%d] * %d + a[%d]; a[%d] = s & 255;\n", k%16, k, (k+5)%16, (k+3)%16
	print "\tsys->print(\"big %d\\n\", s);\n}"
}' >"$d/big.b"
$L -o "$d/local/big.dis" "$d/big.b" || exit 1
ans='primes 2262 hash 75244368 fib 6765 harmonic 7.485471'
big=$(cd "$d/local" && "$R/o/bin/emu" -c0 big.dis 2>&1)
case "$big" in "big "*) ;; *) echo "kernel-jit: big.dis on emu: $big"; exit 1 ;; esac
fail=0
# the line for each module compiled, without comp386's figures, and the /dis ones left out
filter() {
	tr -d '\r' | sed 's/^\(comp386: [^:]*\): .*/\1: compiled/' | grep -v '^comp386: /dis/'
}
check() {
	if [ "$2" != "$3" ]; then
		printf 'kernel-jit: %s: got\n%s\nwant\n%s\n' "$1" "$2" "$3"
		fail=1
	fi
}

for smp in 1 2; do
	got=$(MINOS_KOPTS=-cv "$R/minos" run -jit -smp $smp -c icount -i "$d/local" \
		'/n/local/loop.dis; /n/local/dont.dis; /n/local/big.dis' 2>&1 | filter)
	check "-jit -smp $smp" "$got" "comp386: /n/local/loop.dis: compiled
$ans
$ans
/n/local/big.dis: not compiled: interpreted
$big"
done
got=$(MINOS_COMPILE=0 MINOS_KOPTS=-cv "$R/minos" run -c icount -i "$d/local" \
	'/n/local/loop.dis; /n/local/must.dis' 2>&1 | filter)
check "without -jit" "$got" "$ans
comp386: /n/local/must.dis: compiled
$ans"

cd "$d/local" || exit 1
for c in "-c0 must" "-c1 dont" "-c0 loop" "-c1 loop"; do
	got=$(EMUCOMPDEBUG=1 "$R/o/bin/emu" ${c% *} ${c#* }.dis 2>&1 | filter)
	case "$c" in
	*must|"-c1 loop")	want="comp386: ${c#* }.dis: compiled
$ans" ;;
	*)	want=$ans ;;
	esac
	check "emu $c" "$got" "$want"
done
exit $fail
