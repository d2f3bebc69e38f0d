implement Attrib;

# attrib -- read and write the attribution of bench(1)'s observations:
# the comment lines `# attribution NAME floor F' and `# cause NAME
# CAUSE i:t ...' before a result line (bench(1), attrib(2)).

include "sys.m";
	sys: Sys;
include "bufio.m";
include "sample.m";
	samples: Samples;
include "attrib.m";

# the causes of bench(3) and bench(1) that are not families of names
plain := array[] of {
	"none", "host", "idle", "vm", "other",
	"gc", "gc.idle", "gc.quantum", "gc.alloc", "gc.full",
	"intr", "proc", "dis",
};

# the families whose members the kernel names as they appear
families := array[] of {"intr", "proc", "dis"};

init()
{
	if(sys == nil){
		sys = load Sys Sys->PATH;
		samples = load Samples Samples->PATH;
	}
}

# kind says what a comment line is: ("attribution", NAME) or ("cause",
# NAME) for the lines of an attribution, ("", nil) for any other
kind(line: string): (string, string)
{
	init();
	(n, w) := sys->tokenize(line, " \t\r\n");
	if(n < 3 || hd w != "#")
		return ("", nil);
	w = tl w;
	k := hd w;
	if(k != "attribution" && k != "cause")
		return ("", nil);
	return (k, hd tl w);
}

# Attribution.new reads `# attribution NAME floor F'
Attribution.new(line: string): (ref Attribution, string)
{
	init();
	(n, w) := sys->tokenize(line, " \t\r\n");
	if(n != 5 || hd w != "#" || hd tl w != "attribution" || hd tl tl tl w != "floor")
		return (nil, "malformed attribution line: " + trim(line));
	f := hd tl tl tl tl w;
	if(!samples->isnum(f))
		return (nil, "bad floor " + f + " in attribution line: " + trim(line));
	return (ref Attribution(hd tl tl w, real f, array[0] of string, array[0] of array of (int, real)), nil);
}

# add reads `# cause NAME CAUSE i:t ...' into a; an error if it is
# malformed or another result's
Attribution.add(a: self ref Attribution, line: string): string
{
	init();
	(n, w) := sys->tokenize(line, " \t\r\n");
	if(n < 4 || hd w != "#" || hd tl w != "cause")
		return "malformed cause line: " + trim(line);
	w = tl tl w;
	if(hd w != a.name)
		return "cause line of " + hd w + " among " + a.name + "'s";
	cause := hd tl w;
	w = tl tl w;
	s := array[n-4] of (int, real);
	last := 0;
	for(k := 0; w != nil; w = tl w){
		p := hd w;
		for(j := 0; j < len p && p[j] != ':'; j++)
			;
		if(j == 0 || j == len p || !isint(p[0:j]) || len p[0:j] > 9 || !samples->isnum(p[j+1:]))
			return a.name + ": " + cause + ": bad share " + p;
		i := int p[0:j];
		t := real p[j+1:];
		if(i <= last || t <= 0.0)
			return a.name + ": " + cause + ": share " + p + " out of order or not above zero";
		s[k++] = (i, t);
		last = i;
	}
	for(j := 0; j < len a.causes; j++)
		if(a.causes[j] == cause)
			return a.name + ": cause " + cause + " given twice";
	c := array[len a.causes + 1] of string;
	c[0:] = a.causes;
	c[len a.causes] = cause;
	a.causes = c;
	sh := array[len a.shares + 1] of array of (int, real);
	sh[0:] = a.shares;
	sh[len a.shares] = s;
	a.shares = sh;
	return nil;
}

# took gives, for each of n observations (observation i at i-1), the
# time the causes named by cause (a name or a family) took of it;
# for none, 1 where no cause took any and 0 elsewhere
Attribution.took(a: self ref Attribution, cause: string, n: int): array of real
{
	t := array[n] of {* => 0.0};
	for(c := 0; c < len a.causes; c++){
		if(cause != "none" && !incause(cause, a.causes[c]))
			continue;
		s := a.shares[c];
		for(j := 0; j < len s; j++)
			if(s[j].t0 <= n)
				t[s[j].t0 - 1] += s[j].t1;
	}
	if(cause == "none")
		for(i := 0; i < n; i++)
			if(t[i] == 0.0)
				t[i] = 1.0;
			else
				t[i] = 0.0;
	return t;
}

# main gives, for each of n observations, the index in a.causes of the
# cause that took most of it, -1 if none took any
Attribution.main(a: self ref Attribution, n: int): array of int
{
	m := array[n] of {* => -1};
	best := array[n] of {* => 0.0};
	for(c := 0; c < len a.causes; c++){
		s := a.shares[c];
		for(j := 0; j < len s; j++){
			(i, t) := s[j];
			if(i <= n && t > best[i-1]){
				best[i-1] = t;
				m[i-1] = c;
			}
		}
	}
	return m;
}

# subset gives, for the observations idx only (numbered from 1,
# increasing, at most the result's count), what took and main give for
# them, by the same arithmetic in the same order, so the same values:
# the time the causes named by cause took of each, and the index of the
# cause that took the most of each.  Its cost is in the shares and idx,
# not in the observations: a delay is rare.
Attribution.subset(a: self ref Attribution, cause: string, idx: array of int): (array of real, array of int)
{
	n := len idx;
	t := array[n] of {* => 0.0};
	m := array[n] of {* => -1};
	best := array[n] of {* => 0.0};
	for(c := 0; c < len a.causes; c++){
		named := cause == "none" || incause(cause, a.causes[c]);
		s := a.shares[c];
		j := 0;
		for(k := 0; k < n && j < len s; ){
			if(s[j].t0 < idx[k])
				j++;
			else if(s[j].t0 > idx[k])
				k++;
			else{
				if(named)
					t[k] += s[j].t1;
				if(s[j].t1 > best[k]){
					best[k] = s[j].t1;
					m[k] = c;
				}
				j++;
				k++;
			}
		}
	}
	if(cause == "none")
		for(k := 0; k < n; k++)
			if(t[k] == 0.0)
				t[k] = 1.0;
			else
				t[k] = 0.0;
	return (t, m);
}

# text gives a's comment lines with observation i renumbered renum[i-1]
# (dropped where that is 0 or past renum's end; as it is if renum is
# nil); a cause left with no share is left out
Attribution.text(a: self ref Attribution, renum: array of int): string
{
	init();
	l := "# attribution " + a.name + " floor " + samples->fmt(a.floor) + "\n";
	for(c := 0; c < len a.causes; c++){
		s := a.shares[c];
		x := "";
		for(j := 0; j < len s; j++){
			(i, t) := s[j];
			if(renum != nil){
				if(i > len renum || renum[i-1] == 0)
					continue;
				i = renum[i-1];
			}
			x += " " + string i + ":" + samples->fmt(t);
		}
		if(x != "")
			l += "# cause " + a.name + " " + a.causes[c] + x + "\n";
	}
	return l;
}

# checkcause is nil if cause names a cause or a family of them
# (attrib(2)), else the error
checkcause(cause: string): string
{
	for(i := 0; i < len plain; i++)
		if(cause == plain[i])
			return nil;
	for(i = 0; i < len families; i++){
		f := families[i] + ".";
		if(len cause > len f && cause[0:len f] == f && clean(cause))
			return nil;
	}
	return "unknown cause " + cause + " (want none, host, idle, vm, other, gc, gc.idle, gc.quantum, " +
		"gc.alloc, gc.full, intr[.NAME], proc[.NAME] or dis[.MODULE])";
}

# incause says whether the cause name is cause, or of its family
incause(cause, name: string): int
{
	if(name == cause)
		return 1;
	return len name > len cause && name[0:len cause] == cause && name[len cause] == '.';
}

# clean: no blank and no colon
clean(s: string): int
{
	for(i := 0; i < len s; i++)
		if(s[i] == ' ' || s[i] == '\t' || s[i] == ':')
			return 0;
	return 1;
}

trim(s: string): string
{
	while(s != nil && (s[len s - 1] == '\n' || s[len s - 1] == '\r'))
		s = s[0:len s - 1];
	return s;
}

isint(s: string): int
{
	if(s == nil)
		return 0;
	for(i := 0; i < len s; i++)
		if(s[i] < '0' || s[i] > '9')
			return 0;
	return 1;
}
