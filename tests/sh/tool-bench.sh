#!/bin/sh
# tool-bench -- bench(1) on emu: option parsing, diagnostics, the form of
# its result lines (the timings themselves vary), and its output through
# bgrep, bcut and plot.  emu has $Bench but no bench device, so BASE and
# the kernel's tests must say why they cannot run, and the rest go on.
. "${ROOT:-.}/tests/sh/tool.inc"

U='usage: bench [-gos] [-n reps] [-b base] [test ...]'

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

# summaries by default: NAME:summary:Sample:n:Time:us n mean min max std median p99
tool bench -n 10 XBASE
clean summary
check summary-label '[ "$(cut -d" " -f1-2 "$T/out")" = "XBASE:summary:Sample:n:Time:us 10" ]'
check summary-words '[ "$(wc -w <"$T/out")" -eq 8 ] && [ "$(wc -l <"$T/out")" -eq 1 ]'
cp "$T/out" "$T/sum"
IN=$T/sum tool plot
clean summary-plot

# observations and summaries, in the suite's order
tool bench -o -s -n 7 CHAN XBASE
clean both
awk '{ print $1, NF }' "$T/out" >"$T/shape"
cat >"$T/want" <<'E'
XBASE:1l:Observation:n:Time:us 8
XBASE:summary:Sample:n:Time:us 8
CHAN:1l:Observation:n:Time:us 8
CHAN:summary:Sample:n:Time:us 8
E
check both-lines 'cmp -s "$T/want" "$T/shape"'
cp "$T/out" "$T/both"
IN=$T/both tool bgrep '^CHAN:1l'
clean both-bgrep
cp "$T/out" "$T/chan"
IN=$T/chan tool plot -p 1h
clean both-plot
check both-title '[ "$(head -1 "$T/out")" = CHAN ]'

# long observation lines
tool bench -o -n 20000 XBASE
clean long
check long-words '[ "$(wc -w <"$T/out")" -eq 20001 ] && [ "$(wc -l <"$T/out")" -eq 1 ]'

# -g, -b with a number and with XBASE
tool bench -o -g -b 0 -n 3 NULLCALL SPAWN
clean gc
check gc-lines '[ "$(awk "{ print \$1, NF }" "$T/out" | tr "\n" " ")" = "NULLCALL:1l:Observation:n:Time:us 4 SPAWN:1l:Observation:n:Time:us 4 " ]'
tool bench -o -b XBASE -n 4 SLEEP0
clean base
check base-lines '[ "$(awk "{ print \$1, NF }" "$T/out")" = "SLEEP0:1l:Observation:n:Time:us 5" ]'

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
XBASE:summary:Sample:n:Time:us 3
SLEEP0:summary:Sample:n:Time:us 3
NULLCALL:summary:Sample:n:Time:us 3
READNULL:summary:Sample:n:Time:us 3
OPENCLOSE:summary:Sample:n:Time:us 3
STAT:summary:Sample:n:Time:us 3
PIPE:summary:Sample:n:Time:us 3
CHAN:summary:Sample:n:Time:us 3
SPAWN:summary:Sample:n:Time:us 3
BIND:summary:Sample:n:Time:us 3
E
check all-labels 'cmp -s "$T/want" "$T/labels"'
# every value is a number plot accepts
cp "$T/out" "$T/all"
IN=$T/all tool plot -g
clean all-plot

finish
