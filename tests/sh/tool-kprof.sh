#!/bin/sh
# tool-kprof -- kprof(1) on emu over made-up profiles: the table by
# function and by line of kpdata with its symbols (a directory, or the
# files named), the saved profile (-r) and its round trip, two profiles
# side by side (-d) with the change of each share, largest first; and
# what it refuses: profiles at different rates, one with no samples,
# malformed saved profiles, kpdata of another kernel, data of the wrong
# kind.
. "${ROOT:-.}/tests/sh/tool.inc"

tool kprof kprof-kern/kpdata kprof-kern/kpsym;	golden kprof-table
tool kprof kprof-kern;	golden kprof-table
tool kprof -l kprof-kern;	golden kprof-lines
tool kprof -r kprof-kern;	golden kprof-saved
cp "$T/out" "$T/saved"
(cd "$DATA" && "$EMU" "$D/kprof.dis" -r "$T/saved") >"$T/out" 2>"$T/err"; st=$?
same kprof-roundtrip "$T/saved"
tool kprof -r kprof-a.prof;	same kprof-roundtrip-a "$DATA/kprof-a.prof"
tool kprof kprof-a.prof;	golden kprof-a
tool kprof -d kprof-a.prof kprof-b.prof;	golden kprof-diff
tool kprof -d -l kprof-a.prof kprof-b.prof;	golden kprof-diff-l
tool kprof -d kprof-a.prof kprof-a.prof;	golden kprof-diff-same

tool kprof -d kprof-a.prof kprof-rate.prof
fails kprof-rate 1 <<'E'
kprof: kprof-a.prof and kprof-rate.prof were sampled at different rates (10000 and 100 us a sample): their shares are not comparable; profile both at one rate
E
tool kprof -d kprof-a.prof kprof-empty.prof
fails kprof-empty 1 <<'E'
kprof: kprof-empty.prof: no samples in the kernel text
E
tool kprof kprof-bad.prof
fails kprof-bad 1 <<'E'
kprof: kprof-bad.prof: not a saved kernel profile
E
tool kprof kprof-over.prof
fails kprof-over 1 <<'E'
kprof: kprof-over.prof: not a saved kernel profile: more samples in its buckets than in its header
E
tool kprof kprof-short.data kprof-kern/kpsym
fails kprof-short 1 <<'E'
kprof: kprof-short.data and kprof-kern/kpsym are of different kernels: 8 buckets of 8 bytes, 4096 bytes of text
E
tool kprof kprof-past.data kprof-kern/kpsym
fails kprof-past 1 <<'E'
kprof: kprof-past.data and kprof-kern/kpsym are of different kernels: samples at 001015e0, after the text
E
tool kprof kprof-hist.txt kprof-kern/kpsym
fails kprof-wrongkind 1 <<'E'
kprof: kprof-hist.txt: not kernel profile data
E
tool kprof kprof-kern/kpsym kprof-kern/kpsym
fails kprof-symasdata 1 <<'E'
kprof: kprof-kern/kpsym: not kernel profile data
E
tool kprof -d kprof-a.prof
fails kprof-usage 1 <<'E'
usage: kprof [-l] [-r] [kpdata [kpsym [kpline]]] | kprof [-l] -d old new
E
tool kprof -d kprof-a.prof nonexistent
fails kprof-missing 1 <<'E'
kprof: cannot open nonexistent: file does not exist
E
finish
