#!/bin/sh
# cmd-regex-fuzz -- appl/lib/regex.b against a reference matcher on
# 2000 random expressions (fixed seed): the leftmost-longest match of
# each must agree.  Needs python3 for the reference.
R=${ROOT:-$(pwd)}
command -v python3 >/dev/null || { echo "no python3: skipped"; exit 0; }
T=$(mktemp -d /tmp/minos-rx.XXXXXX)
trap 'rm -rf "$T"' EXIT
cat >"$T/rx.b" <<'B'
implement Rx;

# read pattern and subject lines; print the whole match or "none"
include "sys.m";
	sys: Sys;
include "draw.m";
include "bufio.m";
	bufio: Bufio;
	Iobuf: import bufio;
include "regex.m";
	regex: Regex;

Rx: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	bufio = load Bufio Bufio->PATH;
	regex = load Regex Regex->PATH;
	in := bufio->fopen(sys->fildes(0), Bufio->OREAD);
	while((pat := in.gets('\n')) != nil){
		subj := in.gets('\n');
		(re, err) := regex->compile(pat[0:len pat-1], 0);
		if(re == nil){
			sys->print("error %s\n", err);
			continue;
		}
		m := regex->execute(re, subj[0:len subj-1]);
		if(m == nil)
			sys->print("none\n");
		else{
			(b, e) := m[0];
			sys->print("%d %d\n", b, e);
		}
	}
}
B
(cd "$T" && "$R/o/bin/limbo" -I"$R/module" rx.b) || exit 1
python3 - "$R/o/bin/emu" "$T/rx.dis" <<'P'
import random, subprocess, sys
random.seed(11)
# an expression as text and as a tree
def gen(d=0):
    r = random.random()
    if d > 3 or r < 0.3:
        a = random.choice(['a', 'b', 'c', '.', '[ab]', '[^a]'])
        t = {'a': ('lit', 'a'), 'b': ('lit', 'b'), 'c': ('lit', 'c'), '.': ('any',),
             '[ab]': ('cls', 'ab', 0), '[^a]': ('cls', 'a', 1)}[a]
        return a, t
    if r < 0.5:
        x, y = gen(d+1), gen(d+1)
        return x[0]+y[0], ('cat', x[1], y[1])
    if r < 0.6:
        x, y = gen(d+1), gen(d+1)
        return '('+x[0]+'|'+y[0]+')', ('alt', x[1], y[1])
    if r < 0.8:
        x = gen(d+1)
        op = random.choice('*+?')
        return '('+x[0]+')'+op, (op, x[1])
    x = gen(d+1)
    if r < 0.9:
        return '^'+x[0], ('cat', ('bol',), x[1])
    return x[0]+'$', ('cat', x[1], ('eol',))
# the set of positions where t, started at i, can end
def ends(t, s, i):
    k = t[0]
    if k == 'lit':
        return {i+1} if i < len(s) and s[i] == t[1] else set()
    if k == 'any':
        return {i+1} if i < len(s) else set()
    if k == 'cls':
        return {i+1} if i < len(s) and (s[i] in t[1]) != bool(t[2]) else set()
    if k == 'bol':
        return {i} if i == 0 else set()
    if k == 'eol':
        return {i} if i == len(s) else set()
    if k == 'cat':
        r = set()
        for j in ends(t[1], s, i):
            r |= ends(t[2], s, j)
        return r
    if k == 'alt':
        return ends(t[1], s, i) | ends(t[2], s, i)
    if k == '?':
        return {i} | ends(t[1], s, i)
    seen, frontier = set(), {i}
    while frontier:
        nf = set()
        for j in frontier:
            for e in ends(t[1], s, j):
                if e not in seen:
                    seen.add(e)
                    nf.add(e)
        frontier = nf
    if k == '*':
        seen.add(i)
    return seen
cases = []
for n in range(2000):
    p, t = gen()
    s = ''.join(random.choice('abc') for _ in range(random.randint(0, 8)))
    cases.append((p, t, s))
inp = ''.join(p+'\n'+s+'\n' for p, t, s in cases)
out = subprocess.run([sys.argv[1], sys.argv[2]], input=inp.encode(),
    capture_output=True, timeout=120).stdout.decode().splitlines()
bad = 0
for (p, t, s), o in zip(cases, out):
    ref = 'none'
    for st in range(len(s)+1):
        e = ends(t, s, st)
        if e:
            ref = '%d %d' % (st, max(e))
            break
    if ref != o:
        bad += 1
        if bad <= 5:
            print('FAIL %r on %r: got %s, want %s' % (p, s, o, ref))
if len(out) != len(cases):
    print('FAIL: %d answers for %d cases' % (len(out), len(cases)))
    bad += 1
print('%d cases, %d failed' % (len(cases), bad))
sys.exit(1 if bad else 0)
P
