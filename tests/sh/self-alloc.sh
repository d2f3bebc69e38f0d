#!/bin/sh
# self-alloc -- Nix's selfish allocation (port/self.c): the same work
# under pcself (each process keeps up to 8 of the Chans, Paths and
# Blocks it frees) and pc (none), under icount.  pcself serves most of
# what the loop makes from the process's own (the seed's "13891/14440
# self allocs"), makes as many objects as pc does, and leaves as many in
# use; pc serves none so.  Blocks go through a pipe (echo | cat).
TAG=self
. "${ROOT:-.}/tests/sh/check.inc"

loop=$(seq 1 40 | tr '\n' ' ')
C="grep 'Chan|Path|Block' /dev/alloc; for i in $loop { cat /dev/sysname >/dev/null; echo x | cat >/dev/null }; grep 'Chan|Path|Block' /dev/alloc"
for k in pc pcself; do
	"$R/minos" run -c icount -k $k "$C" >"$T/$k" 2>&1
	st=$?
	check "$k-ran" '[ $st = 0 ] && [ $(grep -c "^obj " "$T/$k") = 6 ]'
	# kind inuse0 inuse1 allocs selfallocs frees selffrees: what the loop did
	awk '{ k = $2; v[k, NR > 3] = $0; n[k]++ }
		END { for(k in n){ split(v[k, 0], a, " "); split(v[k, 1], b, " ")
			print k, a[4], b[4], b[6] - a[6], b[10] - a[10], b[8] - a[8], b[12] - a[12] } }' "$T/$k" | sort >"$T/$k.d"
done
# every kind made the same number of objects, and left the same number in use
check same-work '[ "$(cut -d" " -f1,4,6 "$T/pc.d")" = "$(cut -d" " -f1,4,6 "$T/pcself.d")" ]'
check same-inuse 'awk "\$2 != \$3 { exit 1 }" "$T/pc.d" "$T/pcself.d"'
check pc-none 'awk "\$5 != 0 || \$7 != 0 { exit 1 }" "$T/pc.d"'
check made-some 'awk "\$4 < 40 { exit 1 }" "$T/pcself.d"'
# pcself: nine in ten or more of Chans and Paths, and of Blocks most, self-served
check self-chan 'awk "\$1 == \"Chan\" { exit !(\$5 >= 0.9 * \$4 && \$7 >= 0.9 * \$6) }" "$T/pcself.d"'
check self-path 'awk "\$1 == \"Path\" { exit !(\$5 >= 0.9 * \$4 && \$7 >= 0.9 * \$6) }" "$T/pcself.d"'
check self-block 'awk "\$1 == \"Block\" { exit !(\$5 >= 0.5 * \$4 && \$7 >= 0.5 * \$6) }" "$T/pcself.d"'
cat "$T/pcself.d" "$T/pc.d" >"$R/o/tests/self-alloc.out" 2>/dev/null
# the setting: 0 to 8 (Nself), 0 where a config says nothing
check conf-self '(cd "$R/pc" && ./mkdevtab pcself) | grep -qx "int	selfish = 8;"'
check conf-pc '(cd "$R/pc" && ./mkdevtab pc) | grep -qx "int	selfish = 0;"'
for v in 9 -1 x 08; do
	printf 'misc\n\tselfish %s\n' "$v" >"$T/bad"
	(cd "$R/pc" && ./mkdevtab "$T/bad") >/dev/null 2>"$T/err"
	st=$?
	check "conf-bad-$v" '[ $st != 0 ] && [ "$(cat "$T/err")" = "mkdevtab: bad misc setting: selfish $v" ]'
done
finish
