#!/bin/sh
# docs-examples -- every example marked runnable in README.md and the
# manual pages (tests/docs/examples) runs as written, under -c icount and
# with small counts: the Minos ones in one boot, each command line's exit
# status checked; the host ones from the top of the tree, each's.
TAG=docs
. "${ROOT:-.}/tests/sh/check.inc"

sh "$R/tests/docs/examples" >"$T/all" || { bad extract "tests/docs/examples failed"; finish; }

# small: the counts of bench, sysbench, compare and gcbench made small
# (compare's one boot a side, in one layout (-l 0) so that nothing is
# linked, is too few for a verdict: -f boots it anyway, -N draws no
# report.html, and "no verdict possible", exit 1, is what such a compare
# rightly says)
small() {
	awk '{
		if($0 ~ /(^|[\t ;|'\''"])sysbench /)
			gsub(/-r [0-9]+/, "-r 1")
		else if($0 ~ /(^|[\t ;|'\''"])bench /){
			if($0 ~ /bench [^;|]*-n [0-9]/)
				gsub(/-n [0-9]+/, "-n 20")
			else
				gsub(/(^|[\t ;|'\''"])bench /, "&-n 20 ")
		}
		if($0 ~ /\.\/minos (run|compare|bench|gcbench) /){
			gsub(/\.\/minos compare -n [0-9]+/, "./minos compare -n 1 -l 0 -f -N")
			sub(/\.\/minos (run|compare|bench|gcbench) /, "&-c icount ")
		}
		print
	}'
}

# the Minos examples as one script, run in a writable directory: each
# line headed by where it is from and followed by its status
mkdir "$T/local"
awk -F'\t' '$1 == "minos"' "$T/all" | small | awk -F'\t' '
BEGIN { print "cd /tmp" }
{
	c = $0
	sub(/^[^\t]*\t[^\t]*\t/, "", c)
	print "echo '\''#### " $2 "'\''"
	print c
	if(c !~ /&$/)
		print "echo '\''#### status'\'' $status"
}' >"$T/local/ex"
nminos=$(awk -F'\t' '$1 == "minos"' "$T/all" | wc -l)
# every bench -o runs the whole suite: more than run's default time
MINOS_TIMEOUT=${MINOS_TIMEOUT:-600} "$R/minos" run -c icount -i "$T/local" 'sh /n/local/ex' >"$T/mout" 2>&1
st=$?
cp "$T/mout" "$R/o/tests/docs-examples.out" 2>/dev/null
check minos-boot '[ $st = 0 ] || { tail -3 "$T/mout"; false; }'
# each example's status must be empty
awk '/^#### [^ ]*:[0-9]+$/ { at = $2; next }
	/^#### status/ { s = $0; sub(/^#### status */, "", s); if(s != "") print at, s; next }' "$T/mout" >"$T/mbad"
while read -r at st; do
	ncase=$((ncase + 1))
	bad "$at" "$(grep "	$at	" "$T/all" | cut -f3) $st"
done <"$T/mbad"
check minos-all '[ "$(grep -c "^#### [^ ]*:[0-9]*$" "$T/mout")" = "$nminos" ]'

nhost=0
awk -F'\t' '$1 == "host"' "$T/all" >"$T/host"
while IFS='	' read -r where at cmd; do
	nhost=$((nhost + 1))
	c=$(printf '%s\n' "$cmd" | small)
	(cd "$R" && sh -c "$c") >"$T/hout" 2>&1 </dev/null ||
	case "$c" in
	*"./minos compare "*"-n 1 -l 0 -f -N"*)
		grep -q '^bcmp: no verdict possible' "$T/hout" ||
			{ ncase=$((ncase + 1)); bad "$at" "$c: $(tail -1 "$T/hout")"; } ;;
	*)
		ncase=$((ncase + 1)); bad "$at" "$c: $(tail -1 "$T/hout")" ;;
	esac
done <"$T/host"
echo "docs-examples: $nminos Minos and $nhost host command lines run"
finish
