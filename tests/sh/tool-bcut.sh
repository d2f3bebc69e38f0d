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
usage: bcut list [file ...]
E
for l in 0 3-2 a 1, ,1 - 1-x 1-2-3 -x 1234567890; do
	tool bcut "$l" mixed.res
	fails "badlist($l)" 1 <<E
bcut: bad list $l
usage: bcut list [file ...]
E
done
tool bcut 1 nosuch.res
fails nofile 1 <<'E'
bcut: cannot open nosuch.res: file does not exist
E

finish
