#!/bin/sh
# emu-shared -- tests/sh/emu.inc, which runs the tool tests' commands in
# one emu's shell: arguments and file names reach the command as given,
# quotes and blanks too; a failure is status 1 with the command's own
# words; a command that ends in an exception, is not found, or leaves a
# thread behind is run again in an emu of its own, so that it ends as it
# would there ([Boom] Broken, emu's words, the thread's output); one not
# done in time ends as under timeout (124); and the shell goes on after
# each.
TAG=emushared
. "${ROOT:-.}/tests/sh/check.inc"
EMU=$R/o/bin/emu
. "$R/tests/sh/emu.inc"

"$R/o/bin/limbo" -I "$R/module" -o "$T/boom.dis" "$R/tests/data/emu-shared/boom.b" >"$T/limbo.log" 2>&1
st=$?
check compiles '[ $st = 0 ]'
printf 'in put\n' >"$T/in"

emurun "$T" "$T/in" "$T/out" "$T/err" 60 "$T/boom.dis" ok "a b" "it's" '' '$x' '#c'
check ok '[ $st = 0 ] && [ "$(cat "$T/out")" = "a b
it'"'"'s

\$x
#c
in put" ] && [ "$(cat "$T/err")" = "boom: ok" ]'
check shared '[ -n "$emupid" ]'
pid=$emupid
# files named relative to the current directory, not to DIR
cd "$T"
emurun /tmp in out err 60 "$T/boom.dis" ok
cd "$R"
check relative '[ $st = 0 ] && [ "$(cat "$T/out")" = "in put" ] && [ "$(cat "$T/err")" = "boom: ok" ]'
# output and errors to one file
emurun "$T" /dev/null "$T/both" "$T/both" 60 "$T/boom.dis" ok x
check both '[ $st = 0 ] && [ "$(cat "$T/both")" = "boom: ok
x" ]'
emurun "$T" /dev/null "$T/out" "$T/err" 60 "$T/boom.dis" fail
check fail '[ $st = 1 ] && [ ! -s "$T/out" ] && [ "$(cat "$T/err")" = "boom: fail" ]'
emurun "$T" /dev/null "$T/out" "$T/err" 60 "$T/boom.dis" boom
check exception '[ $st = 1 ] && [ "$(cat "$T/err")" = "boom: boom
[Boom] Broken: \"boom\"" ]'
emurun "$T" /dev/null "$T/out" "$T/err" 60 "$T/nosuch.dis"
check notfound '[ $st = 1 ] && grep -q "nosuch.dis" "$T/err" && ! grep -q "^sh: " "$T/err"'
check still-shared '[ "$emupid" = "$pid" ]'
emurun "$T" /dev/null "$T/out" "$T/err" 60 "$T/boom.dis" late
check late '[ $st = 0 ] && [ "$(cat "$T/out")" = late ] && [ -z "$emupid" ]'
emurun "$T" /dev/null "$T/out" "$T/err" 1 "$T/boom.dis" hang
check hang '[ $st = 124 ] && [ "$(cat "$T/err")" = "boom: hang" ] && [ -z "$emupid" ]'
emurun "$T" /dev/null "$T/out" "$T/err" 60 "$T/boom.dis" ok again
check after '[ $st = 0 ] && [ "$(cat "$T/out")" = again ] && [ -n "$emupid" ]'
# EMUFRESH: an emu for each
EMUFRESH=1 emurun "$T" /dev/null "$T/out" "$T/err" 60 "$T/boom.dis" boom
check fresh '[ $st = 1 ] && grep -q "^\[Boom\] Broken" "$T/err"'
finish
