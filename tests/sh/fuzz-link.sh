#!/bin/sh
# fuzz-link -- every fuzzing target of fuzz/ links, with a plain main
# (fuzz/driver.c) instead of libFuzzer or AFL++ (whose runtimes a test
# machine may lack), from the objects of ./minos build and the name
# lists of fuzz/mkfile: a stub missing from fuzz/kstub.c, or a source
# missing from a list, fails here.  The harnesses then run once on a
# few inputs each: the loader on tests/vm's objects, the Styx codec on
# a message of each type, the compiler on a program, and (as root)
# runfuzz -c on a loop, compiled and interpreted (fuzz/run runc).
TAG=fuzzlink
. "${ROOT:-$(pwd)}/tests/sh/check.inc"
P=$R/o/fuzz/plain
(cd "$R/fuzz" && /usr/lib/plan9/bin/mk plain) >"$T/mk.log" 2>&1
st=$?
check link "[ $st = 0 ]"
[ $st = 0 ] || grep -v '^gcc\|^mkdir' "$T/mk.log" | tail -3
for t in limbo disload styx runfuzz; do
	check "$t-built" "[ -x '$P/$t' ]"
done
"$P/disload" "$R"/tests/vm/*.dis >"$T/dis.out" 2>&1
st=$?
check disload-runs "[ $st = 0 ]"
mkdir -p "$T/seeds" && "$R/o/fuzz/styxseed" "$T/seeds" >/dev/null 2>&1 && "$P/styx" "$T"/seeds/* >"$T/styx.out" 2>&1
st=$?
check styx-runs "[ $st = 0 ]"
"$P/limbo" -I "$R/module" -o "$T/x.dis" "$R/tests/limbo/arith.b" >"$T/limbo.out" 2>&1
st=$?
check limbo-runs "[ $st = 0 ] && [ -s '$T/x.dis' ]"
# the krun campaign's parts: mutants written by runfuzz -g repeat with
# their seed; krun runs a directory's modules, each once, fenced and
# within its budget (on emu here; fuzz/run krun boots it in the kernel)
mkdir -p "$T/g1" "$T/g2"
"$P/runfuzz" -g 5 -o "$T/g1" -s 7 "$R"/tests/vm/load-*.dis >/dev/null 2>&1 &&
"$P/runfuzz" -g 5 -o "$T/g2" -s 7 "$R"/tests/vm/load-*.dis >/dev/null 2>&1
st=$?
check gen-runs "[ $st = 0 ] && [ \$(ls '$T/g1' | wc -l) = 5 ]"
check gen-repeats "diff -r '$T/g1' '$T/g2' >/dev/null"
mkdir -p "$T/k"
for p in "ret:" "exc:raise \"boom\";" "loop:for(;;);" "ex:exit;"; do
	n=${p%%:*}
	printf 'implement M;\ninclude "sys.m";\ninclude "draw.m";\nM: module { init: fn(nil: ref Draw->Context, nil: list of string); };\ninit(nil: ref Draw->Context, nil: list of string)\n{\n\t%s\n}\n' "${p#*:}" >"$T/$n.b"
	"$R/o/bin/limbo" -I "$R/module" -o "$T/k/$n.dis" "$T/$n.b" || bad "krun-$n" "does not compile"
done
cp "$R/tests/vm/bad-magic.dis" "$T/k/bad.dis"
"$R/o/bin/limbo" -I "$R/module" -o "$T/krun.dis" "$R/fuzz/krun.b" || bad krun "does not compile"
(cd "$T" && timeout 60 "$R/o/bin/emu" krun.dis -t 300 k) >"$T/krun.out" 2>&1
st=$?
sed 's/; [0-9-]* threads left$//' "$T/krun.out" >"$T/krun.got"
cat >"$T/krun.want" <<EOF
bad.dis: cannot load: k/bad.dis: not a dis file
ex.dis: exit: 
exc.dis: exception: boom
loop.dis: budget
ret.dis: returned
krun: 5 files, 4 loaded: 1 returned, 1 exceptions, 1 exits, 1 over budget
EOF
check krun-runs "[ $st = 0 ] && diff '$T/krun.want' '$T/krun.got'"
# runc's two runs (runfuzz -c, in a jail, so as root only): a loop the
# compiler takes, entered from the interpreter, ends alike compiled and
# as the reference
if [ "$(id -u)" = 0 ]; then
	mkdir -p "$T/jail/f" "$T/jail/tmp"
	chmod 1777 "$T/jail/tmp"
	printf 'implement M;\ninclude "sys.m";\ninclude "draw.m";\nM: module { init: fn(nil: ref Draw->Context, nil: list of string); };\ninit(nil: ref Draw->Context, nil: list of string)\n{\n\ts := 0;\n\tfor(i := 0; i < 200000; i++)\n\t\ts += i ^ (s >> 3);\n\tsys := load Sys Sys->PATH;\n\tsys->print("%%d\\n", s);\n}\n' >"$T/loop.b"
	"$R/o/bin/limbo" -I "$R/module" -o "$T/loop.dis" "$T/loop.b" || bad runc "loop.b does not compile"
	EMUCOMPDEBUG=1 timeout 60 "$P/runfuzz" -j "$T/jail" -c -x "$T/loop.dis" >"$T/runc.out" 2>&1
	st=$?
	check runc-runs "[ $st = 0 ] && grep -q 'loop.dis: same\$' '$T/runc.out'"
	check runc-compiled "[ \$(grep -c '^comp386: .*([1-9][0-9]* entered' '$T/runc.out') = 2 ] && [ \$(grep -c '^1909978263\$' '$T/runc.out') = 2 ]"
fi
finish
