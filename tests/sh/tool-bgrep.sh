#!/bin/sh
# tool-bgrep -- bgrep(1): grep's regular expressions, lines of any length.
. "${ROOT:-.}/tests/sh/tool.inc"

tool bgrep BASE mixed.res
golden bgrep-base
tool bgrep '^XBASE:' mixed.res
golden bgrep-anchor
tool bgrep -mv 'summary|^#' mixed.res
golden bgrep-v
IN=$DATA/mixed.res tool bgrep 'S(LEEP|AMPLE)0?:(1l|summary)'
golden bgrep-stdin
tool bgrep BASE mixed.res summary.res
golden bgrep-files

# a line of a million characters, and its neighbours, pass intact
{
	echo "SHORT:1l:Observation:n:Time:us 1 2 3"
	printf 'BIG:1l:Observation:n:Time:us'
	head -c 166661 /dev/zero | tr '\0' '\n' | sed 's/^/ 12345/' | tr -d '\n'
	echo ' 12345'
	echo "SHORT2:1l:Observation:n:Time:us 4 5"
} >"$T/big"
check big-size '[ "$(sed -n 2p "$T/big" | wc -c)" -eq 1000001 ]'
sed -n 2p "$T/big" >"$T/bigline"
tool bgrep '^BIG:' "$T/big"
same big "$T/bigline"
# (matched to its end, a line of 200003 bytes: .* costs the matcher some 5 us
# a character on emu under QEMU's user-mode emulator)
awk 'BEGIN { printf "BIG:1l:Observation:n:Time:us"; for(i = 0; i < 33329; i++) printf " 12345"; print "" }' >"$T/bigend"
check bigend-size '[ "$(wc -c <"$T/bigend")" -eq 200003 ]'
tool bgrep 'BIG.* 12345$' "$T/bigend"
same big-end "$T/bigend"
tool bgrep -v BIG "$T/big"
grep -v BIG "$T/big" >"$T/notbig"
same big-v "$T/notbig"
IN=$T/big tool bgrep .
same big-all "$T/big"

# the last line need not end in a newline; other bytes pass unchanged
printf 'a\nBASE \377\376 x\nb\nBASE end' >"$T/raw"
printf 'BASE \377\376 x\nBASE end\n' >"$T/rawwant"
IN=$T/raw tool bgrep BASE
same raw "$T/rawwant"

# comment lines go with the lines selected, unless -m makes them lines like others
tool bgrep XBASE meta.res
golden bgrep-meta
tool bgrep -m '^#' meta.res
golden bgrep-m
tool bgrep -m -v '^#' meta.res
golden bgrep-mv
tool bgrep '^#' meta.res
fails comment-not-matched 1 </dev/null

# -c counts the lines selected, as grep -c: comments are not counted
# (but under -m); several files get a count each, after the name
printf '%s\n' 4 >"$T/want"
tool bgrep -c BASE mixed.res
same count "$T/want"
printf 'mixed.res:4\nsummary.res:2\n' >"$T/want"
tool bgrep -c BASE mixed.res summary.res
same count-files "$T/want"
echo 2 >"$T/want"
tool bgrep -c -v '^#' meta.res
same count-v "$T/want"
echo 7 >"$T/want"
tool bgrep -cm '^#' meta.res
same count-m "$T/want"
echo 0 >"$T/want"
tool bgrep -c NOSUCH mixed.res
check count-none '[ $st = 1 ] && cmp -s "$T/want" "$T/out"'

# no match: status 1, nothing written
tool bgrep NOSUCH mixed.res
fails nomatch 1 </dev/null
tool bgrep 'a(' mixed.res
fails badre 1 <<'E'
bgrep: a(: missing )
E
tool bgrep
fails nopattern 1 <<'E'
usage: bgrep [-cmv] [-a cause] pattern [file ...]
E
tool bgrep -x BASE mixed.res
fails option 1 <<'E'
usage: bgrep [-cmv] [-a cause] pattern [file ...]
E
tool bgrep BASE nosuch.res
fails nofile 1 <<'E'
bgrep: cannot open nosuch.res: file does not exist
E

# by cause (bench(1)'s attribution, attrib(2)): BASE has one, XBASE in
# the same file none
tool bgrep -a gc.idle '^BASE:' attrib.res
golden bgrep-cause
tool bgrep -a gc '^BASE:' attrib.res
same cause-family "$G/bgrep-cause.out"
tool bgrep -a none '^BASE:' attrib.res
same cause-none "$G/bgrep-cause.out"
tool bgrep -a gc.full '^BASE:' attrib.res
fails cause-absent 1 </dev/null
tool bgrep -a gc '^XBASE:' attrib.res
fails cause-noattr 1 <<'E'
bgrep: attrib.res: XBASE: no attribution (made by bench -A, an older bench, or the kernel)
E
tool bgrep -a gc.bogus BASE attrib.res
fails cause-unknown 1 <<'E'
bgrep: unknown cause gc.bogus (want none, host, idle, vm, other, gc, gc.idle, gc.quantum, gc.alloc, gc.full, intr[.NAME], proc[.NAME] or dis[.MODULE])
E
for cs in self proc. 'dis.a:b' intr.; do
	tool bgrep -a "$cs" BASE attrib.res
	check "cause-bad($cs)" '[ "$st" = 1 ] && grep -q "unknown cause" "$T/err"'
done

finish
