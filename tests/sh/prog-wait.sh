#!/bin/sh
# prog-wait: /prog/n/wait reports each child's exit as
# pid "Module":error, under both clocks.
R=${ROOT:-$(pwd)}
d=$(mktemp -d /tmp/minos-wait.XXXXXX)
trap 'rm -rf "$d"' EXIT
"$R/o/bin/limbo" -I "$R/module" -o "$d/pw.dis" "$R/tests/sh/prog-wait.b" || exit 1
# the pids depend on how many threads the shell makes: N stands for them;
# under the real clock either child may exit first, so lines are sorted
want='[Progwait] Broken: "array bounds error"
N "Progwait":
N "Progwait":array bounds error'
want=$(echo "$want" | sort)
for c in icount real; do
	got=$("$R/minos" run -c $c -i "$d" "/n/local/pw.dis" 2>&1 | sed 's/^[0-9][0-9]* "/N "/' | sort)
	if [ "$got" != "$want" ]; then
		printf 'prog-wait -c %s: got\n%s\nwant\n%s\n' $c "$got" "$want"
		exit 1
	fi
done
