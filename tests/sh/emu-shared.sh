#!/bin/sh
# emu-shared -- tests/sh/emu.inc, which runs the tool tests' commands in
# one emu's shell: arguments and file names reach the command as given,
# quotes and blanks too; a failure is status 1 with the command's own
# words; a command that ends in an exception, or does not end in time,
# is run again in an emu of its own, so that it ends as it would there
# ([Boom] Broken, 124); and the shell goes on after either.
TAG=emushared
. "${ROOT:-.}/tests/sh/check.inc"
EMU=$R/o/bin/emu
. "$R/tests/sh/emu.inc"
trap 'emustop; rm -rf "$T"' EXIT

"$R/o/bin/limbo" -I "$R/module" -o "$T/boom.dis" "$R/tests/data/emu-shared/boom.b" >"$T/limbo.log" 2>&1
check compiles '[ $? = 0 ]'
printf 'in put\n' >"$T/in"

emurun "$T" "$T/in" "$T/out" "$T/err" 60 "$T/boom.dis" ok "a b" "it's" '' '$x'
check ok '[ $st = 0 ] && [ "$(cat "$T/out")" = "a b
it'"'"'s

\$x
in put" ] && [ "$(cat "$T/err")" = "boom: ok" ]'
check shared '[ -n "$emupid" ]'
# the input named relative to the current directory, not to DIR
(cd "$T" && emurun /tmp in "$T/out" "$T/err" 60 "$T/boom.dis" ok; [ $st = 0 ] && [ "$(cat "$T/out")" = "in put" ])
check relative '[ $? = 0 ]'
# output and errors to one file
emurun "$T" /dev/null "$T/both" "$T/both" 60 "$T/boom.dis" ok x
check both '[ $st = 0 ] && [ "$(cat "$T/both")" = "boom: ok
x" ]'
emurun "$T" /dev/null "$T/out" "$T/err" 60 "$T/boom.dis" fail
check fail '[ $st = 1 ] && [ ! -s "$T/out" ] && [ "$(cat "$T/err")" = "boom: fail" ]'
pid=$emupid
emurun "$T" /dev/null "$T/out" "$T/err" 60 "$T/boom.dis" boom
check exception '[ $st = 1 ] && [ "$(cat "$T/err")" = "boom: boom
[Boom] Broken: \"boom\"" ]'
check still-shared '[ "$emupid" = "$pid" ]'
emurun "$T" /dev/null "$T/out" "$T/err" 1 "$T/boom.dis" hang
check hang '[ $st = 124 ] && [ "$(cat "$T/err")" = "boom: hang" ]'
check restarted '[ -z "$emupid" ]'
emurun "$T" /dev/null "$T/out" "$T/err" 60 "$T/boom.dis" ok again
check after '[ $st = 0 ] && [ "$(cat "$T/out")" = again ] && [ -n "$emupid" ]'
# EMUFRESH: an emu for each
EMUFRESH=1 emurun "$T" /dev/null "$T/out" "$T/err" 60 "$T/boom.dis" boom
check fresh '[ $st = 1 ] && grep -q "^\[Boom\] Broken" "$T/err"'
finish
