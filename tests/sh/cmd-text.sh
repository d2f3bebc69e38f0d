#!/bin/sh
# cmd-text -- echo wc grep tail sort uniq cmp xd date on emu.
. "${ROOT:-.}/tests/sh/cmd.inc"

run echo hello world
want echo <<'E'
hello world
E

run echo -n a b
printf '|\n' >>"$T/out"
want echo-n <<'E'
a b|
E

run echo
want echo-empty <<'E'

E

printf 'one two\nthree\n\n  four  five six\n' >"$T/t"
run wc "$T/t"
want wc <<E
      4       6      32 $T/t
E

run wc -l -w "$T/t" "$T/t"
want wc-total <<E
      4       6 $T/t
      4       6 $T/t
      8      12 total
E

printf 'h\303\251llo\n' >"$T/u"
run wc -r -c "$T/u"
want wc-runes <<E
      6       7 $T/u
E

printf 'apple\nbanana\ncherry\nApple pie\n' >"$T/g"
run grep an "$T/g"
want grep <<'E'
banana
E

run grep -n '^a|rr' "$T/g"
want grep-alt <<'E'
1:apple
3:cherry
E

run grep -i -c apple "$T/g"
want grep-ic <<'E'
2
E

run grep -v 'a' "$T/g"
want grep-v <<'E'
cherry
Apple pie
E

run grep 'b(an)+a$' "$T/g" "$T/g"
want grep-multi <<E
$T/g:banana
$T/g:banana
E

run grep -l 'ch.r' "$T/g" "$T/t"
want grep-l <<E
$T/g
E

run grep zzz "$T/g"
status grep-nomatch 1

run grep 'a(' "$T/g"
want grep-bad <<'E'
grep: a(: missing )
E

run grep '[A-Z][a-z]*[ ]p' "$T/g"
want grep-class <<'E'
Apple pie
E

run grep 'x*' "$T/g"
want grep-empty <<'E'
apple
banana
cherry
Apple pie
E

seq 1 15 >"$T/n"
run tail -3 "$T/n"
want tail <<'E'
13
14
15
E

run tail +14 "$T/n"
want tail-plus <<'E'
14
15
E

run tail -c 3 "$T/n"
want tail-c <<'E'
15
E

run tail "$T/n"
want tail-10 <<'E'
6
7
8
9
10
11
12
13
14
15
E

printf 'pear\napple\n10\n9\nbanana\napple\n' >"$T/s"
run sort "$T/s"
want sort <<'E'
10
9
apple
apple
banana
pear
E

run sort -n -r "$T/s"
want sort-nr <<'E'
10
9
pear
banana
apple
apple
E

run sort -u "$T/s"
want sort-u <<'E'
10
9
apple
banana
pear
E

printf 'a\na\nb\nc\nc\nc\n' >"$T/q"
run uniq "$T/q"
want uniq <<'E'
a
b
c
E

run uniq -c "$T/q"
want uniq-c <<'E'
   2 a
   1 b
   3 c
E

run uniq -u "$T/q"
want uniq-u <<'E'
b
E

run uniq -d "$T/q"
want uniq-d <<'E'
a
c
E

printf 'hello\nworld\n' >"$T/c1"
printf 'hello\nwxrld\n' >"$T/c2"
printf 'hello\n' >"$T/c3"
run cmp "$T/c1" "$T/c2"
want cmp <<E
$T/c1 $T/c2 differ: char 8 line 2
E
status cmp-status 1

run cmp "$T/c1" "$T/c1"
want cmp-same <<'E'
E
status cmp-same-status 0

run cmp "$T/c1" "$T/c3"
want cmp-eof <<E
cmp: EOF on $T/c3
E

run cmp -l "$T/c1" "$T/c2"
want cmp-l <<'E'
     8 0x6f 0x78
E

printf 'hello\n' >"$T/x"
run xd "$T/x"
want xd <<'E'
0000000  68656c6c 6f0a
0000006
E

run xd -b "$T/x"
want xd-b <<'E'
0000000  68 65 6c 6c 6f 0a
0000006
E

run xd -c "$T/x"
want xd-c <<'E'
0000000    h   e   l   l   o  \n
0000006
E

printf '0123456789abcdefXY' >"$T/x2"
run xd "$T/x2"
want xd-lines <<'E'
0000000  30313233 34353637 38396162 63646566
0000010  5859
0000012
E

shc "echo one | tee $T/tee1 $T/tee2; echo two | tee -a $T/tee1 >/dev/null; cat $T/tee1 $T/tee2"
want tee <<'E'
one
one
two
one
E

run date 0
want date-epoch <<'E'
Thu Jan 01 00:00:00 GMT 1970
E

run date 1700000000
want date <<'E'
Tue Nov 14 22:13:20 GMT 2023
E

run date -n 86400
want date-n <<'E'
86400
E

finish
