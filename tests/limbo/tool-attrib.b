implement Toolattrib;

# Attribution (attrib(2)): subset gives, for chosen observations, what
# took and main give for all of them, on known shares: observations
# no cause took, ties (the first cause keeps it), a family (gc) and
# none, and observations past the shares' end.

include "sys.m";
	sys: Sys;
include "draw.m";
include "attrib.m";
	attrib: Attrib;
	Attribution: import attrib;

Toolattrib: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	attrib = load Attrib Attrib->PATH;
	if(attrib == nil){
		sys->print("cannot load attrib: %r\n");
		raise "fail:load";
	}
	(a, err) := Attribution.new("# attribution T floor 2");
	lines := array[] of {
		"# cause T gc.idle 2:5 4:1.5 7:3",
		"# cause T gc.alloc 4:1.5 5:2 7:4",
		"# cause T intr.clock 1:0.25 4:0.5 9:1",
	};
	for(i := 0; err == nil && i < len lines; i++)
		err = a.add(lines[i]);
	if(err != nil){
		sys->print("attribution: %s\n", err);
		raise "fail:attribution";
	}
	n := 8;
	idx := array[] of {1, 2, 3, 4, 7, 8};
	causes := array[] of {"gc", "gc.idle", "intr", "none", "proc"};
	for(c := 0; c < len causes; c++){
		(t, m) := a.subset(causes[c], idx);
		all := a.took(causes[c], n);
		allm := a.main(n);
		s := "";
		same := 1;
		for(k := 0; k < len idx; k++){
			s += sys->sprint(" %d:%g/%d", idx[k], t[k], m[k]);
			if(t[k] != all[idx[k]-1] || m[k] != allm[idx[k]-1])
				same = 0;
		}
		sys->print("%s:%s; as took and main: %d\n", causes[c], s, same);
	}
	(t, m) := a.subset("gc", array[0] of int);
	sys->print("none chosen: %d %d\n", len t, len m);
}
