#!/bin/sh
# cmd-sh -- the shell (appl/cmd/sh.b) on emu: words, quoting, variables,
# pipelines, redirection, blocks, status, builtins.
. "${ROOT:-.}/tests/sh/cmd.inc"

shc 'echo hello world'
want echo <<'E'
hello world
E
status echo 0

shc "echo 'it''s' 'a  b' c"
want quote <<'E'
it's a  b c
E

shc 'echo a; echo b
echo c'
want sequence <<'E'
a
b
c
E

shc 'x=one; y=(two three); echo $x $y $#y; echo $"y'
want variables <<'E'
one two three 2
two three
E

shc 'x=(a b c); echo $x^.b; echo pre^$x; s=stem; echo $s.b'
want concat <<'E'
a.b b.b c.b
prea preb prec
stem.b
E

shc 'x=(1 2); y=(a b); echo $x^$y; echo ''q''$x'
want pairwise <<'E'
1a 2b
q1 q2
E

shc 'echo a b c | wc -w'
want pipe <<'E'
      3
E

shc 'echo one two | cat | cat | wc'
want pipeline3 <<'E'
      1       2       8
E

shc "echo hi > $T/f; echo there >> $T/f; cat < $T/f"
want redirect <<'E'
hi
there
E

shc "cat /nonexistent >[2] $T/err; echo status \$status; cat $T/err"
want stderr <<'E'
status bad open
cat: cannot open /nonexistent: file does not exist
E

shc "cat /nonexistent >$T/both >[2=1]; cat $T/both"
want dup <<'E'
cat: cannot open /nonexistent: file does not exist
E

shc 'echo x >[1=7]; echo $status'
want bad-dup <<'E'
sh: bad redirection [1=7]: fd out of range or not open
bad redirection
E

shc 'nosuchcmd a b; echo $status'
want notfound <<'E'
sh: nosuchcmd: not found
nosuchcmd: not found
E

shc 'nosuchcmd'
status notfound-exit 1

shc 'cat /nonexistent'
status fail-exit 1

shc '{echo in block; echo $*} a b'
want block <<'E'
in block
a b
E

shc '{echo x; echo y} | wc -l'
want block-pipe <<'E'
      2
E

shc 'f={echo called $*}; $f 1 2'
want block-var <<'E'
called 1 2
E

shc 'echo {a  b}'
want block-word <<'E'
{a  b}
E

shc 'x=`{echo a b c}; echo $#x; y="{echo a b}; echo $#y'
want backquote <<'E'
3
1
E

shc 'for i in 1 2 3 {echo n $i}'
want for <<'E'
n 1
n 2
n 3
E

shc 'if {cat /nonexistent >[2] /dev/null} {echo yes} {echo no}; if {echo >/dev/null} {echo yes}'
want if <<'E'
no
yes
E

shc "~ abc 'a*'; echo \$status; ~ abc 'b*'; echo \$status; ! ~ x y; echo \$status"
want match <<'E'

no match

E

shc 'and {echo 1} {status x} {echo 3}; echo $status; or {status y} {echo 2}'
want andor <<'E'
1
x
2
E

shc 'x:=1; {x:=2; echo $x}; echo $x; {x=3}; echo $x'
want scope <<'E'
2
1
3
E

shc 'sleep 0.1 & echo started; wait; echo done'
want async <<'E'
started
done
E

shc 'echo a # comment
# whole line
echo b'
want comment <<'E'
a
b
E

shc 'echo a |
wc -l'
want pipe-newline <<'E'
      1
E

shc "cd $T; mkdir d; cd d; pwd"
want cd <<E
$T/d
E

mkdir -p "$T/g"
: >"$T/g/a.b"; : >"$T/g/b.b"; : >"$T/g/c.m"
shc "cd $T/g; echo *.b; echo '*.b'; echo [ab].*; echo *.x"
want glob <<'E'
a.b b.b
*.b
a.b b.b
*.x
E

shc 'echo {'
want syntax <<'E'
sh: syntax error: unexpected end of input
E
status syntax-exit 1

shc 'echo x; exit; echo not reached'
want exit <<'E'
x
E
status exit-status 0

shc 'exit oops; echo not reached'
status exit-fail 1

shc 'status failing'
status status-exit 1

printf 'echo from file $1 $#*\necho $0\n' >"$T/script"
run sh "$T/script" x y
want script <<E
from file x 2
$T/script
E

shc 'fn greet {echo hello $*}; greet a b; greet x | wc -w; fn greet; greet >[2=1]'
want fn <<'E'
hello a b
      2
sh: greet: not found
E

# a command that breaks with a runtime fault
cat >"$T/fault.b" <<'B'
implement Fault;
include "sys.m";
	sys: Sys;
include "draw.m";
Fault: module
{
	init:	fn(nil: ref Draw->Context, argv: list of string);
};
init(nil: ref Draw->Context, argv: list of string)
{
	sys = load Sys Sys->PATH;
	a := array[2] of int;
	sys->print("before\n");
	a[len argv + 5] = 1;
	sys->print("after\n");
}
B
(cd "$T" && "$R/o/bin/limbo" -I"$R/module" fault.b) || echo "FAIL: fault.b does not compile"
shc "./fault; echo status \$status; ./fault.dis | wc -l; echo \$status"
want fault <<'E'
before
sh: ./fault: array bounds error
status array bounds error
sh: ./fault.dis: array bounds error
      1
array bounds error|
E

shc "echo a >[1=2] | wc >$T/w1; echo b | wc -l >$T/w2 |[2] wc >$T/w3; cat $T/w1 $T/w2 $T/w3"
want pipe-fds <<'E'
a
      0       0       0
      1
      0       0       0
E

printf 'echo in $*\nx=1\necho $x\n{echo multi\necho line}\n' >"$T/in"
(cd "$T" && timeout 30 "$EMU" "$D/sh.dis" <"$T/in") >"$T/out" 2>&1
want stdin <<'E'
in
1
multi
line
E

(cd "$T" && timeout 30 "$EMU" "$D/sh.dis" -i <"$T/in") >"$T/out" 2>&1
echo >>"$T/out"
want interactive <<'E'
; in
; ; 1
; 	multi
line
; 
E

finish
