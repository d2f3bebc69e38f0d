#!/bin/sh
# cmd-sed -- sed(1) on emu: every command, addresses and ranges, the
# options, lines of any length, and the errors, by exact output.
. "${ROOT:-.}/tests/sh/cmd.inc"

printf 'hello world\nfoo bar\nbaz\n' >"$T/t"
printf '1\n2\n3\n4\n5\n6\n' >"$T/n"

run sed 's/o/0/' "$T/t"
want s <<'E'
hell0 world
f0o bar
baz
E
status s 0

run sed 's/o/0/g' "$T/t"
want s-g <<'E'
hell0 w0rld
f00 bar
baz
E

run sed 's/o/0/2' "$T/t"
want s-nth <<'E'
hello w0rld
fo0 bar
baz
E

printf 'foooo\n' >"$T/o"
run sed 's/o/0/2g' "$T/o"
want s-nth-g <<'E'
fo000
E

run sed 's/(o+)|(z)/<&:\1:\2>/g' "$T/t"
want s-groups <<'E'
hell<o:o:> w<o:o:>rld
f<oo:oo:> bar
ba<z::z>
E

run sed 's|o|\|\&\\|;s,b,\n,' "$T/t"
want s-delim-escapes <<'E'
hell|&\ world
f|&\o 
ar

az
E

run sed 's/x*/-/g' "$T/t"
want s-empty-matches <<'E'
-h-e-l-l-o- -w-o-r-l-d-
-f-o-o- -b-a-r-
-b-a-z-
E

run sed 's/b*/-/g' "$T/t"
want s-empty-after-match <<'E'
-h-e-l-l-o- -w-o-r-l-d-
-f-o-o- -a-r-
-a-z-
E

run sed -n 's/a/A/p;s/r/R/w '"$T/w" "$T/t"
cat "$T/w" >>"$T/out"
want s-p-w <<'E'
foo bAr
bAz
hello woRld
foo bAR
E

run sed -g 's/o/0/' "$T/t"
want opt-g <<'E'
hell0 w0rld
f00 bar
baz
E

run sed 2d "$T/n"
want d <<'E'
1
3
4
5
6
E

run sed -n '$p' "$T/n"
want last <<'E'
6
E

run sed -n '/[24]/p' "$T/n"
want re-address <<'E'
2
4
E

run sed '2,4!d' "$T/n"
want range-neg <<'E'
2
3
4
E

run sed -n '/2|5/,/[0-9]/p' "$T/n"
want range-re-restarts <<'E'
2
3
5
6
E

run sed -n '4,2p;5,$p' "$T/n"
want range-backwards <<'E'
4
5
6
E

run sed -n '\,3,,/nomatch/p' "$T/n"
want range-open <<'E'
3
4
5
6
E

run sed -n '2,3{p;p;}' "$T/n"
want braces <<'E'
2
2
3
3
E

run sed -n -e '/1/{' -e 's/1/one/' -e 'p' -e '}' "$T/n"
want braces-lines <<'E'
one
E

printf '#n\n# a comment\n3p # print 3\n' >"$T/script"
run sed -f "$T/script" "$T/n"
want f-hash-n <<'E'
3
E

run sed -e '1i\' -e 'before' -e '2a after' -e '$c\' -e 'changed\' -e 'twice' "$T/t"
want a-i-c <<'E'
before
hello world
foo bar
after
changed
twice
E

run sed '2,5c\
gone' "$T/n"
want c-range <<'E'
1
gone
6
E

run sed 'y/abo/ABO/' "$T/t"
want y <<'E'
hellO wOrld
fOO BAr
BAz
E

run sed -n '$=' "$T/n" "$T/t"
want count-lines <<'E'
9
E

printf 'a\tb\\c\001d\n' >"$T/l"
run sed -n l "$T/l"
want l <<'E'
a\tb\\c\001d$
E

run sed -n 'N;N;l' "$T/n"
want N-l <<'E'
1\n2\n3$
4\n5\n6$
E

run sed '$!N;s/\n/ /' "$T/n"
want N-join <<'E'
1 2
3 4
5 6
E

run sed 'N;P;D' "$T/n"
want P-D <<'E'
1
2
3
4
5
6
E

run sed 'n;d' "$T/n"
want n <<'E'
1
3
5
E

run sed -n '1h;1!H;${x;s/\n/,/g;p;}' "$T/n"
want hold <<'E'
1,2,3,4,5,6
E

run sed -n 'x;G;p' "$T/t"
want x-G <<'E'

hello world
hello world
foo bar
foo bar
baz
E

run sed ':a;N;$!ba;s/\n/+/g' "$T/n"
want b-loop <<'E'
1+2+3+4+5+6
E

run sed 's/[135]/odd/;tx;s/$/ even/;b;:x;s/$/!/' "$T/n"
want t <<'E'
odd!
2 even
odd!
4 even
odd!
6 even
E

run sed 3q "$T/n"
want q <<'E'
1
2
3
E

printf 'inserted\n' >"$T/r"
run sed '2r '"$T/r" "$T/t"
want r <<'E'
hello world
foo bar
inserted
baz
E

run sed -n '/o/p;//s/o/0/p' "$T/t"
want empty-re <<'E'
hello world
hell0 world
foo bar
f0o bar
E

# stdin, named -, between files; a last line without a newline
printf 'x\ny' >"$T/nonl"
(cd "$T" && timeout 30 "$EMU" "$D/sed.dis" 's/^/> /' "$T/nonl" - "$T/nonl") <"$T/t" >"$T/out" 2>&1
want files-stdin <<'E'
> x
> y
> hello world
> foo bar
> baz
> x
> y
E

# a line of 300000 values, edited whole
awk 'BEGIN { printf "X:1l:Observation:n:Time:us"; for(i = 0; i < 300000; i++) printf " %d", i; printf "\n" }' >"$T/long"
run sed 's/^X:1l:/Y:1d:/;s/ 1/ one/g' "$T/long"
awk 'BEGIN { printf "Y:1d:Observation:n:Time:us"; for(i = 0; i < 300000; i++) { s = i ""; sub(/^1/, "one", s); printf " %s", s }; printf "\n" }' >"$T/want.long"
cases=$((cases + 1))
cmp -s "$T/out" "$T/want.long" || { fails=$((fails + 1)); echo "FAIL long-line: output differs"; }

# errors
run sed 's/a/b' "$T/t"
want err-unterminated <<'E'
sed: line 1: unterminated s command
E
status err-unterminated 1

run sed 'p;k' "$T/t"
want err-command <<'E'
sed: line 1: unknown command k
E

run sed 's/(/x/' "$T/t"
want err-regex <<'E'
sed: line 1: bad regular expression (: missing )
E

run sed -e p -e '2,3}' "$T/t"
want err-close-address <<'E'
sed: line 2: } takes no address
E

run sed '{p' "$T/t"
want err-unmatched <<'E'
sed: line 1: unmatched {
E

run sed 'bnowhere' "$T/t"
want err-label <<'E'
sed: undefined label nowhere
E

run sed 'y/ab/c/' "$T/t"
want err-y <<'E'
sed: line 1: y strings differ in length
E

run sed '1,2=' "$T/t"
want err-one-address <<'E'
sed: line 1: = takes one address
E

run sed 'pq' "$T/t"
want err-extra <<'E'
sed: line 1: extra characters after command
E

run sed '//d' "$T/t"
want err-no-previous <<'E'
sed: no previous regular expression
E
status err-no-previous 1

run sed 1d "$T/nosuch" "$T/n"
sed 's/:.*//' "$T/out" >"$T/out2"; mv "$T/out2" "$T/out"
want err-open-goes-on <<E
sed
2
3
4
5
6
E
status err-open-goes-on 1

run sed
want usage <<'E'
usage: sed [-gn] [-e script] ... [-f file] ... [script] [file ...]
E
status usage 1

finish
