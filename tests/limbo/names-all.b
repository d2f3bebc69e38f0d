implement Namesall;

# names-all -- appl/lib/names.b: cleanname (., .., repeated slashes,
# device names), dirname, basename, elements, pathname, isprefix,
# relative, rooted, with empty and odd names

include "sys.m";
	sys: Sys;
include "draw.m";
include "names.m";
	names: Names;

Namesall: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	names = load Names Names->PATH;
	if(names == nil){
		sys->print("cannot load %s: %r\n", Names->PATH);
		raise "fail:load";
	}

	clean := array[] of {
		"", ".", "/", "//", "a", "a/", "a//b", "./a/./b/.", "/a/b/..", "/a/..", "/..",
		"/../..", "..", "../..", "a/..", "a/../..", "../a/..", "a/b/../../../c", "/a/b/../../..",
		"#e", "#e/", "#e/x/../..", "#e/x//y/", "#", "#/", "#/x", "#Mfoo/bar/..", "/a/./../b",
		"x/y/..//z", "...", "a/.../b", ".a/..b",
	};
	for(i := 0; i < len clean; i++)
		sys->print("cleanname %q = %q\n", clean[i], names->cleanname(clean[i]));

	dirs := array[] of {"", "a", "/", "/a", "/a/", "a/b", "/a/b/c", "a//b", "//a"};
	for(i = 0; i < len dirs; i++)
		sys->print("dirname %q = %q; basename %q\n", dirs[i], names->dirname(dirs[i]),
			names->basename(dirs[i], nil));
	sys->print("basename %q %q %q %q %q\n", names->basename("/a/x.b", ".b"),
		names->basename("x.b", ".dis"), names->basename("x.b", "x.b"),
		names->basename(".b", "x.b"), names->basename("/dir/", ""));

	els := array[] of {"", "/", "a", "/a/b", "a//b/", "///x///y"};
	for(i = 0; i < len els; i++){
		l := names->elements(els[i]);
		sys->print("elements %q = %s -> pathname %q\n", els[i], show(l), names->pathname(l));
	}
	sys->print("pathname nil %q\n", names->pathname(nil));

	pre := array[] of {
		("/a", "/a/b"), ("/a", "/ab"), ("/a/", "/a/b"), ("/a///", "/a"), ("/", "/x"),
		("/", "/"), ("", "/a"), ("a", "a"), ("a/b", "a"), ("/a/b", "/a/b/c/d"), ("a", "/a"),
	};
	for(i = 0; i < len pre; i++){
		(a, b) := pre[i];
		sys->print("isprefix(%q, %q) = %d; relative = %q\n", a, b, names->isprefix(a, b),
			names->relative(b, a));
	}
	sys->print("relative %q %q %q\n", names->relative(nil, "/a"), names->relative("/a/b", nil),
		names->relative("/a//b", "/a"));

	roots := array[] of {
		("/usr", "x"), ("/usr/", "x"), ("/usr", "/x"), ("/usr", "#e/x"), (nil, "x"),
		("/usr", nil), (nil, nil), ("a", "b/c"),
	};
	for(i = 0; i < len roots; i++){
		(r, n) := roots[i];
		sys->print("rooted(%q, %q) = %q\n", r, n, names->rooted(r, n));
	}
}

show(l: list of string): string
{
	s := "(";
	for(; l != nil; l = tl l){
		s += "<" + hd l + ">";
		if(tl l != nil)
			s += " ";
	}
	return s + ")";
}
