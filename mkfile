# Minos: build everything. Products go under o/; `mk clean` removes them.
# Run through ./minos build, which exports ROOT.

<$ROOT/mkconfig

# dependency order: host library, compiler, generated tables, VM, hosted
# runner, Limbo programs, the manual, kernels and the boot image.
DIRS=include lib9 limbo module libinterp emu appl lib man pc

all:V:
	for d in $DIRS; do
		if [ -f $d/mkfile ]; then
			echo "mk: $d" >&2
			(cd $d && /usr/lib/plan9/bin/mk all) || exit 1
		fi
	done

clean:V:
	rm -rf $O

test:V: all
	sh $ROOT/tests/run
