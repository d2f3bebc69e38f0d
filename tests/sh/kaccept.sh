# The kernel's acceptance cases, under both clocks: a pipeline and a
# directory count, 100 threads, a faulting thread that dies alone while the
# system runs on, and a monotonic /dev/time.
set -u
fail() { echo "kaccept: $*"; exit 1; }
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
for p in threads monotime; do
	o/bin/limbo -I module -o "$d/$p.dis" tests/data/kaccept/$p.b || fail "$p.b does not compile"
done
n=$(ls o/root/dis | wc -l)
for c in real icount; do
	out=$(./minos run -c $c 'echo a | cat; ls /dis | wc -l' 2>&1) || fail "$c: pipeline: $out"
	out=$(echo "$out" | tr -s ' ' | sed 's/^ //')
	[ "$out" = "$(printf 'a\n%s' "$n")" ] || fail "$c: pipeline printed '$out', want a and $n"
	out=$(./minos run -c $c -i "$d" '/n/local/threads.dis; echo after' 2>&1)
	want='100 threads finished, sum 4950
[Threads] Broken: "dereference of nil"
still running
after'
	[ "$out" = "$want" ] || fail "$c: threads printed '$out'"
	out=$(./minos run -c $c -i "$d" '/n/local/monotime.dis' 2>&1) || fail "$c: monotime: $out"
	[ "$out" = monotonic ] || fail "$c: monotime printed '$out'"
done
exit 0
