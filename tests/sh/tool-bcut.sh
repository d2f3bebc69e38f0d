#!/bin/sh
# tool-bcut -- bcut(1): word ranges of lines of any length.
. "${ROOT:-.}/tests/sh/tool.inc"

tool bcut 1 mixed.res;		golden bcut-1
tool bcut 3 mixed.res;		golden bcut-3
tool bcut 2-4 mixed.res;	golden bcut-2-4
tool bcut 5- mixed.res;		golden bcut-5-
tool bcut -3 mixed.res;		golden bcut--3
tool bcut -- -3 mixed.res;	golden bcut--3
tool bcut 1,3,5 mixed.res;	golden bcut-list
tool bcut 5-6,1,2-3,6 mixed.res;	golden bcut-merge
tool bcut 100 mixed.res;	golden bcut-100
tool bcut 1-3 meta.res;	golden bcut-meta
IN=$DATA/mixed.res tool bcut 1-2
golden bcut-stdin

# the paper's use: a label and the first 200 observations
tool bcut 1-201 base.res
check first200-words '[ "$(wc -w <"$T/out")" -eq 201 ] && [ "$(wc -l <"$T/out")" -eq 1 ]'
cut -d' ' -f1-201 base.res >"$T/want201" 2>/dev/null || (cd "$DATA" && cut -d' ' -f1-201 base.res >"$T/want201")
same first200 "$T/want201"
tool bcut 1-201 base.res
cp "$T/out" "$T/first200"
IN=$T/first200 tool plot
golden bcut-plot

# a line of a million characters (and its newline)
{
	printf 'BIG:1l:Observation:n:Time:us'
	head -c 166661 /dev/zero | tr '\0' '\n' | sed 's/^/ 12345/' | tr -d '\n'
	echo ' 12345'
} >"$T/big"
IN=$T/big tool bcut 1-
same big-all "$T/big"
IN=$T/big tool bcut 2
check big-second '[ "$(cat "$T/out")" = 12345 ]'
check big-size '[ "$(wc -c <"$T/big")" -eq 1000001 ]'
IN=$T/big tool bcut 166662-
check big-tail '[ "$(cat "$T/out")" = "12345 12345" ]'

# blanks are spaces and tabs; the last line gets a newline
printf '  a\t\tb  c\nd e' >"$T/w"
printf 'a b c\nd e\n' >"$T/wwant"
IN=$T/w tool bcut 1-3
same blanks "$T/wwant"

tool bcut
fails nolist 1 <<'E'
usage: bcut [-a cause] list [file ...]
E
for l in 0 3-2 a 1, ,1 - 1-x 1-2-3 -x 1234567890; do
	tool bcut "$l" mixed.res
	fails "badlist($l)" 1 <<E
bcut: bad list $l
usage: bcut [-a cause] list [file ...]
E
done
# a result's attribution (bench(1)) follows the observations kept, renumbered
tool bcut 1,3- attrib.res
golden bcut-attrib
sed -n 1,9p "$DATA/attrib.res" >"$T/ba"
IN=$T/ba tool bcut -a gc 1-
golden bcut-cause
IN=$T/ba tool bcut -a none 1-
golden bcut-none
IN=$T/ba tool bcut -a intr 1-4
golden bcut-cause14
# XBASE has none: said, exit status 1, the rest written
tool bcut -a host 1- attrib.res
check cause-noattr-status '[ "$st" = 1 ]'
check cause-noattr-err '[ "$(cat "$T/err")" = "bcut: attrib.res: XBASE: no attribution (made by bench -A, an older bench, or the kernel)" ]'
check cause-noattr-out 'grep -q "^# cause BASE host 1:51\$" "$T/out" && grep -q "^BASE:1l:Observation:n:Time:us 55\$" "$T/out" && ! grep -q "^XBASE:" "$T/out"'
tool bcut -a gc.bogus 1- attrib.res
fails cause-unknown 1 <<'E'
bcut: unknown cause gc.bogus (want none, host, idle, vm, other, gc, gc.idle, gc.quantum, gc.alloc, gc.full, intr[.NAME], proc[.NAME] or dis[.MODULE])
usage: bcut [-a cause] list [file ...]
E
tool bcut -a
fails cause-missing 1 <<'E'
usage: bcut [-a cause] list [file ...]
E
# a malformed attribution is said, and the lines pass as they are
printf '# attribution B floor x\nB:1l:Observation:n:Time:us 1 2\n' >"$T/mal"
IN=$T/mal tool bcut 1-
check malformed '[ "$st" = 1 ] && [ "$(cat "$T/out")" = "$(cat "$T/mal")" ] && grep -q "bad floor x" "$T/err"'

tool bcut 1 nosuch.res
fails nofile 1 <<'E'
bcut: cannot open nosuch.res: file does not exist
E

finish
