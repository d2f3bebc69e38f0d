#!/bin/sh
# tool-bench -- bench(1) on emu: option parsing, diagnostics, the form of
# its result lines (the timings themselves vary), and its output through
# bgrep, bcut and plot.  emu has $Bench but no bench device, so BASE and
# the kernel's tests must say why they cannot run, and the rest go on.
. "${ROOT:-.}/tests/sh/tool.inc"

U='usage: bench [-Agos] [-n reps] [-w warmup] [-u us|ns] [-H nodes] [-b base] [test ...]'

tool bench -x
fails option 1 <<E
$U
E
tool bench -n
fails nmissing 1 <<E
$U
E
for n in 0 -3 abc 10000001 99999999999; do
	tool bench -n "$n" XBASE
	fails "count($n)" 1 <<E
bench: bad repetition count $n
$U
E
done
for w in -1 1001 x 99999999999; do
	tool bench -w "$w" XBASE
	fails "warmup($w)" 1 <<E
bench: bad warm-up count $w: want 0 to 1000
$U
E
done
for u in ms NS; do
	tool bench -u "$u" XBASE
	fails "unit($u)" 1 <<E
bench: bad unit $u: want us or ns
$U
E
done
for h in -1 1000001 2k; do
	tool bench -H "$h" XBASE
	fails "ballast($h)" 1 <<E
bench: bad ballast $h: want 0 to 1000000 nodes
$U
E
done
tool bench -w
fails wmissing 1 <<E
$U
E
# -g stops the collector, so the tests that time it cannot run
tool bench -g -n 3 GCSCHED GCIDLE
fails gc-tests 1 <<'E'
bench: GCSCHED: not run: -g stops the collector it times
bench: GCIDLE: not run: -g stops the collector it times
E
tool bench -b SLEEP0 XBASE
fails badbase 1 <<E
bench: bad base SLEEP0: not BASE, XBASE or a number
$U
E
tool bench NOSUCH
fails unknown 1 <<'E'
bench: unknown test NOSUCH
E
tool bench XBASE xbase
fails unknown-case 1 <<'E'
bench: unknown test xbase
E
tool bench -n 5 GCSCHED
fails nodevice 1 <<'E'
bench: GCSCHED: cannot open /dev/bctl: file does not exist
E
tool bench -n 5 BASE
fails nobusec 1 <<'E'
bench: BASE: cannot open /dev/busec: file does not exist
E
tool bench -b BASE -n 5 SLEEP0
fails nobase 1 <<'E'
bench: BASE: cannot open /dev/busec: file does not exist
E

# summaries by default: NAME:summary:Sample:n:Time:ns n mean min max std median p99
tool bench -n 10 XBASE
clean summary
check summary-label '[ "$(cut -d" " -f1-2 "$T/out")" = "XBASE:summary:Sample:n:Time:ns 10" ]'
check summary-words '[ "$(wc -w <"$T/out")" -eq 8 ] && [ "$(wc -l <"$T/out")" -eq 1 ]'
cp "$T/out" "$T/sum"
IN=$T/sum tool plot
clean summary-plot

# observations and summaries, in the suite's order, each line of
# observations after its comments (no # tsc: emu has no bench device)
tool bench -o -s -n 7 CHAN XBASE
clean both
awk '{ print $1, NF }' "$T/out" >"$T/shape"
cat >"$T/want" <<'E'
# 4
# 4
XBASE:1l:Observation:n:Time:ns 8
XBASE:summary:Sample:n:Time:ns 8
# 4
# 4
CHAN:1l:Observation:n:Time:ns 8
CHAN:summary:Sample:n:Time:ns 8
E
check both-lines 'cmp -s "$T/want" "$T/shape"'
check both-comments '[ "$(grep "^#" "$T/out" | tr "\n" "|")" = "# warmup XBASE 10|# unit XBASE ns|# warmup CHAN 10|# unit CHAN ns|" ]'
# a batch's time per operation in ns: a fraction of 100
check both-fraction 'grep "^CHAN:1l:" "$T/out" | tr " " "\n" | tail -n +2 | grep -qv "^[0-9]*\(\.[0-9]\{1,2\}\)\{0,1\}$" && false || true'

cp "$T/out" "$T/both"
IN=$T/both tool bgrep '^CHAN:1l'
clean both-bgrep
cp "$T/out" "$T/chan"
IN=$T/chan tool plot -p 1h
clean both-plot
check both-title '[ "$(head -1 "$T/out")" = CHAN ]'

# -u us: the paper's microsecond clock; -w: the warm-up, not recorded
tool bench -o -u us -w 3 -n 5 XBASE
clean us
check us-lines '[ "$(cut -d" " -f1 "$T/out" | tr "\n" "|")" = "#|#|XBASE:1l:Observation:n:Time:us|" ] &&
	[ "$(head -2 "$T/out" | tr "\n" "|")" = "# warmup XBASE 3|# unit XBASE us|" ] &&
	[ "$(grep -c "^XBASE:1l:Observation:n:Time:us [0-9 ]*$" "$T/out")" = 1 ] && [ "$(wc -w <"$T/out")" = 14 ]'
tool bench -o -w 0 -H 0 -n 5 XBASE
clean nowarm
check nowarm '[ "$(head -1 "$T/out")" = "# warmup XBASE 0" ] && [ "$(grep -v "^#" "$T/out" | wc -w)" = 6 ]'
# by default 100000 observations of XBASE, 1000 of the others
tool bench XBASE CHAN
clean defaults
check defaults '[ "$(cut -d" " -f1-2 "$T/out" | tr "\n" "|")" = "XBASE:summary:Sample:n:Time:ns 100000|CHAN:summary:Sample:n:Time:ns 1000|" ]'

# long observation lines
tool bench -o -n 20000 XBASE
clean long
check long-words '[ "$(grep -v "^#" "$T/out" | wc -w)" -eq 20001 ] && [ "$(grep -vc "^#" "$T/out")" -eq 1 ]'

# -g, -b with a number and with XBASE
tool bench -o -g -b 0 -n 3 NULLCALL SPAWN
clean gc
check gc-lines '[ "$(grep -v "^#" "$T/out" | awk "{ print \$1, NF }" | tr "\n" " ")" = "NULLCALL:1l:Observation:n:Time:ns 4 SPAWN:1l:Observation:n:Time:ns 4 " ]'
tool bench -o -b XBASE -n 4 SLEEP0
clean base
check base-lines '[ "$(grep -v "^#" "$T/out" | awk "{ print \$1, NF }")" = "SLEEP0:1l:Observation:n:Time:ns 5" ]'

# everything: what emu can run, runs; the rest says why
tool bench -n 3
check all-status '[ "$st" = 1 ]'
cat >"$T/want" <<'E'
bench: BASE: cannot open /dev/busec: file does not exist
bench: GCSCHED: cannot open /dev/bctl: file does not exist
bench: GCACQUIRE: cannot open /dev/bctl: file does not exist
bench: GCIDLE: cannot open /dev/bctl: file does not exist
bench: INTR: cannot open /dev/bctl: file does not exist
bench: OPNIL: cannot open /dev/bctl: file does not exist
bench: OPSCHED: cannot open /dev/bctl: file does not exist
E
check all-stderr 'cmp -s "$T/want" "$T/err"'
cut -d' ' -f1-2 "$T/out" >"$T/labels"
cat >"$T/want" <<'E'
XBASE:summary:Sample:n:Time:ns 3
SLEEP0:summary:Sample:n:Time:ns 3
NULLCALL:summary:Sample:n:Time:ns 3
READNULL:summary:Sample:n:Time:ns 3
OPENCLOSE:summary:Sample:n:Time:ns 3
STAT:summary:Sample:n:Time:ns 3
PIPE:summary:Sample:n:Time:ns 3
CHAN:summary:Sample:n:Time:ns 3
SPAWN:summary:Sample:n:Time:ns 3
BIND:summary:Sample:n:Time:ns 3
E
check all-labels 'cmp -s "$T/want" "$T/labels"'
# every value is a number plot accepts
cp "$T/out" "$T/all"
IN=$T/all tool plot -g
clean all-plot

finish
