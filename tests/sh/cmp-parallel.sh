#!/bin/sh
# cmp-parallel -- compare(8)'s boots side by side and over hosts: under
# icount a campaign run two boots at a time (-j 2), and through GNU
# parallel over hosts (-H, here the local job slots ':' and, where the
# host lets us make them, hosts of their own name on this machine),
# gives the results and the report of the same campaign run one boot
# at a time, byte for byte but for the host time each boot took
# (# wall) and where each ran (# host); the real clock refuses -j; and
# hosts that cannot boot, or boots that fail on one host, are named,
# every other result kept, and the info says what is missing.
. "${ROOT:-.}/tests/sh/cmp-lib.inc"

C="sh $R/host/compare"
U="echo -n TIME:1l:Observation:n:Time:us; for i in 1 2 3 4 5 6 { echo -n ' '; cat /dev/time }; echo"
small="-aa -n 2 -l 0 -c icount -s 5 -N -k pc"

# same dir1 dir2: the two campaigns' directories hold the same files,
# with the same lines but for # wall and # host, and the same report
same() {
	(cd "$1" && find . -type f | sort) >"$T/l1"
	(cd "$2" && find . -type f | sort) >"$T/l2"
	cmp -s "$T/l1" "$T/l2" || { echo "files differ: $(diff "$T/l1" "$T/l2" | head -4)"; return 1; }
	for f in $(cat "$T/l1"); do
		case "$f" in
		./info) sed "s,$1,DIR,; /^hosts: /d; /^missing: /d; /^host .*: not used$/d" "$1/$f" >"$T/f1"; sed "s,$2,DIR,; /^hosts: /d; /^missing: /d; /^host .*: not used$/d" "$2/$f" >"$T/f2" ;;
		*) grep -v '^# wall \|^# host ' "$1/$f" >"$T/f1"; grep -v '^# wall \|^# host ' "$2/$f" >"$T/f2" ;;
		esac
		cmp -s "$T/f1" "$T/f2" || { echo "$f differs:"; diff "$T/f1" "$T/f2" | head -6 | cut -c1-200; return 1; }
	done
}

# under the real clock the host is a level, the top one (bcmp(1)):
# constructed sides of four boots on two hosts, a host's boots one
# observation apart, B one above A
mkdir -p "$T/hl/A" "$T/hl/B"
for s in A B; do
	for i in 1 2 3 4; do
		{
			printf '# clock real\n# kernel pc 0123456789ab\n# seq %d\n# host h%d\n# layout 0\n' $i $(((i + 1) / 2))
			echo "TIME:1l:Observation:n:Time:us $(awk -v i=$i -v s=$s 'BEGIN { for(k = 1; k <= 20; k++) printf " %d", 10 + k % 5 + i + (s == "B") }')"
		} >"$T/hl/$s/0$i.res"
	done
done
run $C -q "$T/hl/A" "$T/hl/B"
has hl-n '^A  *2  *4  *4  *80 '
has hl-row '^host  *1.32 us  *44%  *p99 1.41 us '
has hl-host '^A  *host 2: 15.5 us \[9.15, 21.9\] over 2 boots$'
has hl-design '^design: 2 hosts against 2: all 6 arrangements of the host labels'
# under icount the host is no level: the same boots give one observation
sed -i 's/^# clock real/# clock icount/' "$T"/hl/[AB]/*.res
run $C -q "$T/hl/A" "$T/hl/B"
has hl-icount '^design: 4 boots against 4: '
check hl-nohost '! grep -q "^host " "$T/out"'

# one boot at a time, then two
run $C -j 1 $small -o "$T/j1" "$U"
check j1-status '[ $st = 0 ]'
sed "s,$T/j1,DIR," "$T/out" >"$T/j1.out"
has j1-verdict '^verdict: in layout 0, no difference$'
check j1-progress 'grep -q "^compare: 1 of 4 boots done (boot 1: pc), about [0-9]* s left$" "$T/err" && grep -q "^compare: 4 of 4 boots done (boot 4: pc)$" "$T/err"'
check j1-host 'grep -qx "# host $(uname -n)" "$T/j1/A/01.res"'
run $C -j 2 $small -o "$T/j2" "$U"
check j2-status '[ $st = 0 ]'
check j2-printed 'sed "s,$T/j2,DIR," "$T/out" | cmp -s - "$T/j1.out"'
check j2-files 'same "$T/j1" "$T/j2"'
check j2-progress '[ $(grep -c "^compare: [1-4] of 4 boots done (boot [1-4]: pc)" "$T/err") = 4 ]'
check j2-noorder '! grep -q "^compare: boot" "$T/err"'

# in layouts of their own (-N, a layout a boot): side by side, each
# boot's job links its layout as it starts; one at a time, all are
# linked first; the same results (seed 7's layouts, cmp-compare's too:
# in a fresh tree one of the two links them)
lay="-f -n 2 -c icount -s 7 -N -k pc -k pcold"
run $C -j 2 $lay -o "$T/lj2" "$U"
check lj2-status '[ $st = 1 ]'	# two layouts a side: no verdict possible
check lj2-linked 'grep -qx "compare: each boot links its layout of pc or pcold (icount, 2 at once)" "$T/err"'
sed "s,$T/lj2,DIR," "$T/out" >"$T/lj2.out"
run $C -j 1 $lay -o "$T/lj1" "$U"
check lj1-status '[ $st = 1 ]'
check lj1-linked 'grep -q "^compare: linked in [0-9.]* s, [0-9.]* s a layout$" "$T/err"'
check lj1-printed 'sed "s,$T/lj1,DIR," "$T/out" | cmp -s - "$T/lj2.out"'
check lj1-files 'same "$T/lj2" "$T/lj1"'

# a side's processors (-smp A,B): each boot with its side's, the sides
# named by them, and the files saying so when more than one
run $C -c icount -smp 1,2 -f -n 2 -l 0 -N -o "$T/smp" -k pc -k pc "$U"
check smp-status '[ $st = 0 ]'	# exact in layout 0: the second processor's start shows
has smp-info '^processors: A 1, B 2 (-smp)$'
has smp-labels '^pc/smp1: kernel pc [0-9a-f]*; pc/smp2: kernel pc [0-9a-f]*$'
check smp-files '[ "$(cat "$T"/smp/B/*.res | grep -c "^# smp 2$")" = 2 ] && ! grep -q "^# smp" "$T"/smp/A/*.res'
check smp-progress 'grep -q "^compare: [1-4] of 4 boots done (boot [1-4]: pc, 2 processors)" "$T/err"'

# a boot that fails side by side stops the campaign, as one at a time,
# and says why
run $C -c icount -j 2 -f -n 2 -l 0 -N -o "$T/jf" -k pc -k pc 'echo MSEC:1l:Observation:n:Time:ms 1; nosuchcommand'
check jf-status '[ $st = 1 ]'
check jf-why 'grep -q "^compare: boot [12] (pc, [AB]/01) failed (status 1): sh: nosuchcommand: not found$" "$T/err"'
check jf-stop 'grep -q "^compare: boot [12] (pc) failed; its output is in $T/jf/[AB]/01.failed$" "$T/err"'
check jf-quiet '! grep -q "^compare: parallel: " "$T/err"'

# under the real clock boots on one host are one at a time
run $C -j 2 -n 4 -k pc -k pcold 'echo'
fails real-j <<'E'
compare: -j 2: under the real clock boots side by side on one host would perturb each other's times; use -j 1, or several hosts (-H), or -c icount
E
run $C -j 0 -k pc -k pcold 'echo'
fails zero-j <<'E'
compare: -j wants a number of boots at once, 1 to 999
E
# the rest is over hosts, which needs GNU parallel
command -v parallel >/dev/null 2>&1 || { echo "GNU parallel missing (./minos deps): skipping the -H cases"; finish; }
run $C -H "$T/nosuch" -k pc -k pcold 'echo'
fails no-hosts <<'E'
compare: -H wants a file of hosts (parallel(1)'s --sshloginfile)
E

# over hosts through parallel: the local job slots (':') as the one
# host, and a host that cannot be reached, left out by name
printf ':\nnosuchhost.invalid\n' >"$T/hosts"
run $C -H "$T/hosts" $small -o "$T/h1" "$U"
check h1-status '[ $st = 0 ]'
check h1-files 'same "$T/j1" "$T/h1"'
check h1-printed 'sed "s,$T/h1,DIR,; /^hosts: /d; /^host nosuchhost.invalid: /d" "$T/out" | cmp -s - "$T/j1.out"'
check h1-unreachable 'grep -q "^compare: host nosuchhost.invalid: unreachable: .*: not used$" "$T/err"'
check h1-info 'grep -qx "hosts: $(uname -n) 4" "$T/h1/info" && grep -q "^host nosuchhost.invalid: unreachable: " "$T/h1/info"'
check h1-said 'grep -qx "compare: booting on : ([0-9]* at once)" "$T/err"'

# hosts of their own on this machine: a fake ssh runs the command in
# a namespace with a host name of its own; on notree the tree is not
# there, on badqemu the emulator fails every boot
# (the host name is set through /proc: a fresh machine may have no
# hostname command; and, as sshd does, the fake ssh gives the command a
# login shell in SHELL: GNU parallel's remote worker runs the job
# through it, and CI's environment has none)
if unshare -mu sh -c 'echo t >/proc/sys/kernel/hostname && mount -t tmpfs none "$0"' "$R" 2>/dev/null; then
	mkdir -p "$T/bin"
	printf '#!/bin/sh\necho "qemu-system-i386: broken on this host" >&2\nexit 2\n' >"$T/bin/qemu-system-i386"
	chmod +x "$T/bin/qemu-system-i386"
	cat >"$T/fakessh" <<EOF
#!/bin/sh
h=\$1
shift
SHELL=/bin/sh
export SHELL
[ "\${1:-}" = -- ] && shift
case \$h in
notree) exec unshare -mu sh -c 'echo "\$0" >/proc/sys/kernel/hostname && mount -t tmpfs none "$R" && eval "\$1"' "\$h" "\$*" ;;
badqemu) PATH=$T/bin:\$PATH; export PATH ;;
esac
exec unshare -u sh -c 'echo "\$0" >/proc/sys/kernel/hostname && eval "\$1"' "\$h" "\$*"
EOF
	chmod +x "$T/fakessh"
	printf '1/%s hosta\n1/%s hostb\n%s notree\n' "$T/fakessh" "$T/fakessh" "$T/fakessh" >"$T/hosts2"
	run $C -H "$T/hosts2" $small -o "$T/h2" "$U"
	check h2-status '[ $st = 0 ]'
	check h2-files 'same "$T/j1" "$T/h2"'
	check h2-notree "grep -qx 'compare: host $T/fakessh notree: no Minos tree at $R: not used' \"\$T/err\""
	check h2-hosts 'grep -c "^# host host[ab]$" "$T"/h2/[AB]/*.res | grep -c ":1$" | grep -qx 4'
	check h2-progress 'grep -q "^compare: [1-4] of 4 boots done (boot [1-4]: pc, on $T/fakessh host[ab])" "$T/err"'
	# a host whose boots fail: they are named, the others kept
	printf '1/%s hosta\n1/%s badqemu\n' "$T/fakessh" "$T/fakessh" >"$T/hosts3"
	run $C -f -H "$T/hosts3" -aa -n 4 -l 0 -c icount -s 5 -N -k pc -o "$T/h3" "$U"
	check h3-status '[ $st = 1 ]'
	nm=$(grep -c "^missing: boot [1-8] (pc, [AB]/0[1-4]): failed on $T/fakessh badqemu$" "$T/h3/info")
	check h3-named '[ "$nm" -ge 1 ] && [ $(ls "$T"/h3/[AB]/*.failed | wc -l) = "$nm" ]'
	check h3-kept '[ $(ls "$T"/h3/[AB]/*.res | wc -l) = $((8 - nm)) ] && ! grep -l "^# host badqemu" "$T"/h3/[AB]/*.res'
	check h3-said 'grep -qx "compare: $nm of 8 boots missing (info: missing:)" "$T/err"'
	check h3-why 'grep -q "^compare: boot [1-8] (pc, [AB]/0[1-4]) failed (status 1 on $T/fakessh badqemu): " "$T/err"'
	check h3-printed 'grep -q "^missing: boot" "$T/out"'
else
	echo "note: no namespaces here (unshare -mu): the hosts of their own are skipped"
fi
finish
