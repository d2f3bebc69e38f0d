#!/bin/sh
# cmd-files -- cat ls mkdir rm cp mv pwd on emu.
. "${ROOT:-.}/tests/sh/cmd.inc"

printf 'one\ntwo\n' >"$T/a"
printf 'three\n' >"$T/b"

run cat "$T/a" "$T/b"
want cat <<'E'
one
two
three
E
status cat-status 0

shc "echo stdin | cat $T/a - $T/b"
want cat-stdin <<'E'
one
two
stdin
three
E

run cat "$T/nosuch" "$T/b"
want cat-missing <<E
cat: cannot open $T/nosuch: file does not exist
three
E
status cat-missing-status 1

mkdir "$T/d"
: >"$T/d/z"; : >"$T/d/y"; mkdir "$T/d/x"
run ls "$T/d"
want ls-dir <<E
$T/d/x
$T/d/y
$T/d/z
E

shc "cd $T/d; ls; ls -p $T/d/y; ls -d $T/d; ls -F"
want ls-flags <<E
x
y
z
y
$T/d
x/
y
z
E

run ls -r "$T/d"
want ls-r <<E
$T/d/z
$T/d/y
$T/d/x
E

printf '12345' >"$T/d/y"
run ls -l "$T/d/y"
awk '{print $1, NF, $6, $NF}' "$T/out" >"$T/out2"; mv "$T/out2" "$T/out"
want ls-l <<E
--rw-r--r-- 10 5 $T/d/y
E

run ls "$T/nosuch"
want ls-missing <<E
ls: $T/nosuch: file does not exist
E
status ls-missing-status 1

run mkdir "$T/m1" "$T/m2"
[ -d "$T/m1" ] && [ -d "$T/m2" ] && echo made >"$T/out"
want mkdir <<'E'
made
E

run mkdir "$T/m1"
want mkdir-exists <<E
mkdir: $T/m1 already exists
E
status mkdir-exists-status 1

run mkdir -p "$T/p/q/r"
[ -d "$T/p/q/r" ] && echo made >"$T/out"
want mkdir-p <<'E'
made
E

run cp "$T/a" "$T/c"
cat "$T/c" >>"$T/out"
want cp <<'E'
one
two
E

run cp "$T/a" "$T/b" "$T/m1"
cat "$T/m1/a" "$T/m1/b" >>"$T/out"
want cp-dir <<'E'
one
two
three
E

run cp -r "$T/p" "$T/p2"
[ -d "$T/p2/q/r" ] && echo copied >"$T/out"
want cp-r <<'E'
copied
E

run mv "$T/c" "$T/c2"
[ ! -e "$T/c" ] && cat "$T/c2" >>"$T/out"
want mv-rename <<'E'
one
two
E

run mv "$T/c2" "$T/m2"
[ ! -e "$T/c2" ] && cat "$T/m2/c2" >>"$T/out"
want mv-dir <<'E'
one
two
E

run rm "$T/m2/c2" "$T/nosuch"
[ ! -e "$T/m2/c2" ] && echo gone >>"$T/out"
want rm <<E
rm: $T/nosuch: file does not exist
gone
E
status rm-status 1

run rm -f "$T/nosuch"
status rm-f 0

run rm -r "$T/p"
[ ! -e "$T/p" ] && echo gone >>"$T/out"
want rm-r <<'E'
gone
E

shc "cd $T/m1; pwd"
want pwd <<E
$T/m1
E

mkdir -p "$T/ba" "$T/bb"
: >"$T/ba/fa"; : >"$T/bb/fb"
shc "cd $T; bind ba bb; ls bb; unmount bb; ls bb; bind -a ba bb; ls bb; unmount ba bb; ls bb; bind -q nosuch bb; echo \$status"
want bind <<'E'
bb/fa
bb/fb
bb/fa
bb/fb
bb/fb
bind
E

shc "bind $T/nosuch $T/bb"
want bind-error <<E
bind: cannot bind $T/nosuch on $T/bb: file does not exist
E
status bind-error-status 1

shc 'sleep 0.2; echo slept; sleep x >[2=1]; echo $status'
want sleep <<'E'
slept
usage: sleep seconds
usage
E

finish
