# gcpol -- the collector's policies (gc(3)) checked against their rules
# with known answers: cyclic garbage, which only the collector frees,
# made in loops with no system call, so that the cycles start only at
# the safe points between quanta.  Prints what held, not figures that
# depend on what ran before.
implement Gcpol;

include "sys.m";
	sys: Sys;
include "draw.m";

Gcpol: module
{
	init:	fn(nil: ref Draw->Context, argv: list of string);
};

Node: adt
{
	next:	cyclic ref Node;
	a, b, c:	int;
};

M: con 1024*1024;

Stat: adt
{
	lines:	list of list of string;

	num:	fn(s: self ref Stat, key: string, field: string): big;
	first:	fn(s: self ref Stat, key: string): big;
	word:	fn(s: self ref Stat, key: string, i: int): string;
};

init(nil: ref Draw->Context, argv: list of string)
{
	sys = load Sys Sys->PATH;
	if(len argv != 2){
		sys->fprint(sys->fildes(2), "usage: gcpol rules|hog|errors\n");
		raise "fail:usage";
	}
	case hd tl argv {
	"rules" =>	rules();
	"hog" =>	hog();
	"errors" =>	errors();
	}
}

# n bytes of garbage in self-referring nodes (32 bytes each with the header)
garbage(n: int)
{
	for(i := 0; i < n/32; i++){
		x := ref Node(nil, i, 0, 0);
		x.next = x;
	}
}

ctl(s: string): string
{
	fd := sys->open("#g/gcctl", Sys->OWRITE);
	if(sys->fprint(fd, "%s", s) < 0)
		return sys->sprint("%r");
	return nil;
}

must(s: string)
{
	e := ctl(s);
	if(e != nil)
		sys->print("%s: %s\n", s, e);
}

readall(f: string): string
{
	fd := sys->open(f, Sys->OREAD);
	buf := array[4096] of byte;
	n := sys->read(fd, buf, len buf);
	if(n <= 0)
		return nil;
	return string buf[0:n];
}

# what the hog open on fd holds
hogsize(fd: ref Sys->FD): string
{
	buf := array[32] of byte;
	n := sys->pread(fd, buf, len buf, big 0);
	if(n <= 0)
		return nil;
	(nil, w) := sys->tokenize(string buf[0:n], " ");
	return hd w;
}

stat(): ref Stat
{
	(nil, l) := sys->tokenize(readall("#g/gcstat"), "\n");
	s := ref Stat(nil);
	for(; l != nil; l = tl l){
		(nil, w) := sys->tokenize(hd l, " ");
		s.lines = w :: s.lines;
	}
	return s;
}

Stat.word(s: self ref Stat, key: string, i: int): string
{
	for(l := s.lines; l != nil; l = tl l)
		if(hd hd l == key){
			w := hd l;
			for(; i > 0 && w != nil; i--)
				w = tl w;
			if(w == nil)
				return nil;
			return hd w;
		}
	return nil;
}

# the number after key
Stat.first(s: self ref Stat, key: string): big
{
	return big s.word(key, 1);
}

# the number after field in the line starting key
Stat.num(s: self ref Stat, key: string, field: string): big
{
	for(l := s.lines; l != nil; l = tl l)
		if(hd hd l == key)
			for(w := tl hd l; w != nil && tl w != nil; w = tl w){
				if(hd w == "why")	# its value is a word: last why avail inuse ...
					w = tl w;
				else if(hd w == field)
					return big hd tl w;
			}
	return big -1;
}

yes(b: int): string
{
	if(b)
		return "yes";
	return "NO";
}

started(s: ref Stat, why: string): big
{
	return s.num("started", why);
}

rules()
{
	must("limit 16m");
	must("policy alloc");
	must("collect");
	s0 := stat();
	garbage(24*M);
	s := stat();
	new := started(s, "alloc") - started(s0, "alloc");
	sys->print("alloc: cycles started by the trigger: %s\n", yes(new > big 0));
	sys->print("alloc: none by the other rules: %s\n",
		yes(started(s, "avail") == started(s0, "avail") && started(s, "quantum") == started(s0, "quantum")));
	sys->print("alloc: the last at the first safe point with the heap in use at the trigger: %s\n",
		yes(s.word("last", 2) == "alloc" && s.num("last", "previnuse") < s.num("last", "trigger")
		&& s.num("last", "inuse") >= s.num("last", "trigger")));

	must("policy avail");
	must("collect");
	s0 = stat();
	garbage(24*M);
	s = stat();
	new = started(s, "avail") - started(s0, "avail");
	avail := s.num("last", "avail");
	sys->print("avail: cycles started by the rule: %s\n", yes(new > big 0));
	sys->print("avail: none by the other rules: %s\n",
		yes(started(s, "alloc") == started(s0, "alloc") && started(s, "quantum") == started(s0, "quantum")
		&& started(s, "idle") == started(s0, "idle")));
	sys->print("avail: the last at the first safe point holding 15/16 of the available: %s\n",
		yes(s.word("last", 2) == "avail" && avail == big (16*M) && s.num("last", "prevheld") < avail/big 16*big 15
		&& s.num("last", "held") >= avail/big 16*big 15));
	sys->print("avail: memory kept between cycles: %s\n", yes(s.num("heap", "held") > big (8*M)));

	must("policy idle");
	must("collect");
	s0 = stat();
	garbage(24*M);
	s = stat();
	new = started(s, "quantum") - started(s0, "quantum");
	q := s.num("last", "quantum");
	sys->print("idle: cycles started per quantum: %s\n", yes(new > big 0));
	sys->print("idle: none by the other rules: %s\n",
		yes(started(s, "alloc") == started(s0, "alloc") && started(s, "avail") == started(s0, "avail")));
	# the last by a quantum, unless the idle collector started one after
	# it (with several processors it may, while stat's read runs on another)
	sys->print("idle: the last at a 256th quantum or with over half the available in use: %s\n",
		yes(s.word("last", 2) == "idle" || s.word("last", 2) == "quantum" && (q % big 256 == big 0 || s.num("last", "inuse") > s.num("last", "avail")/big 2)));
	must("policy alloc");
	must("limit 32m");
}

hog()
{
	must("limit 16m");
	must("policy avail");
	must("collect");
	garbage(24*M);
	must("collect");
	s0 := stat();
	c0 := s0.first("collections");
	sys->print("held after a collection, above 7/8 of the available: %s\n",
		yes(s0.num("heap", "held") > big (12*M)));

	# half the memory to the hog: the heap holds more than 15/16 of what is left
	h := sys->open("#g/gchog", Sys->ORDWR);
	if(sys->fprint(h, "8m") < 0)
		sys->print("hog 8m: %r\n");
	garbage(2*M);
	s := stat();
	sys->print("the hog holds %s\n", hogsize(h));
	sys->print("avail with the hog: %bd\n", s.num("limit", "avail")/big M);
	sys->print("a cycle by the rule: %s\n", yes(s.word("last", 2) == "avail" && s.num("last", "avail") == big (8*M)));
	sys->print("memory given back: %s\n", yes(s.first("returned") > s0.first("returned")));
	sys->print("held below 15/16 of the available again: %s\n", yes(s.num("heap", "held") < big (15*M/2)));

	# the same garbage with the hog: more cycles, each at a lower heap
	must("collect");
	s0 = stat();
	garbage(24*M);
	s = stat();
	withhog := s.first("collections") - s0.first("collections");
	heldhog := s.num("last", "held");
	h = nil;
	must("collect");
	s0 = stat();
	garbage(24*M);
	s = stat();
	nohog := s.first("collections") - s0.first("collections");
	held := s.num("last", "held");
	sys->print("hog gone: avail %bd\n", s.num("limit", "avail")/big M);
	sys->print("with the hog the cycles start earlier (held %s than without): %s\n",
		"lower", yes(heldhog < held && heldhog >= big (15*M/2) && held >= big (15*M)));
	sys->print("and more of them: %s\n", yes(withhog > nohog));
	must("policy alloc");
	must("limit 32m");
}

# s with each run of digits as N
nodigits(s: string): string
{
	r := "";
	for(i := 0; i < len s; i++){
		if(s[i] >= '0' && s[i] <= '9'){
			while(i+1 < len s && s[i+1] >= '0' && s[i+1] <= '9')
				i++;
			r += "N";
		}else
			r[len r] = s[i];
	}
	return r;
}

errors()
{
	must("limit 32m");
	sys->print("limit 1k: %s\n", nodigits(ctl("limit 1k")));
	h := sys->open("#g/gchog", Sys->ORDWR);
	if(sys->fprint(h, "1m") < 0)
		sys->print("hog 1m: %r\n");
	for(l := list of {"policy foo", "policy", "limit 1k", "limit 0", "limit x", "limit 3000m", "limit 17592186044417m", "frob", "collect now"}; l != nil; l = tl l)
		sys->print("%s: %s\n", hd l, nodigits(ctl(hd l)));
	for(l = list of {"999m", "33m", "-1", "1x", ""}; l != nil; l = tl l)
		if(sys->fprint(h, "%s", hd l) < 0)
			sys->print("hog %s: %s\n", hd l, nodigits(sys->sprint("%r")));
	sys->print("nothing lost:\n%s", readall("#g/gcctl"));
	sys->print("the hog holds %s\n", hogsize(h));
	h = nil;

	# out of memory is the allocating program's exception
	must("limit 4m");
	l0: list of array of byte;
	{
		for(;;)
			l0 = array[64*1024] of byte :: l0;
	}exception e{
	"*" =>
		l0 = nil;
		sys->print("allocating past the limit: %s\n", e);
	}
	must("limit 32m");
	sys->print("after: %s", readall("#g/gcctl"));
}
