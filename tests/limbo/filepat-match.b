implement Filepatmatch;

# filepat-match -- appl/lib/filepat.b: match with * ? [...] (ranges,
# ^, ] and - at the edges, \ quoting, unclosed classes), and expand on
# a small tree: rooted and relative patterns, directories only before
# a /, . and .., names sorted, nothing for no match

include "sys.m";
	sys: Sys;
include "draw.m";
include "filepat.m";
	filepat: Filepat;

Filepatmatch: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

Top: string;	# a directory of its own under /tmp, so runs cannot collide

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	filepat = load Filepat Filepat->PATH;
	if(filepat == nil){
		sys->print("cannot load %s: %r\n", Filepat->PATH);
		raise "fail:load";
	}

	tests := array[] of {
		("", ""), ("", "a"), ("*", ""), ("*", "anything"), ("a*", "a"), ("a*", "ba"),
		("*.b", "x.b"), ("*.b", "x.bb"), ("*.b", ".b"), ("a*b*c", "aXbYc"), ("a*b*c", "abcb"),
		("**", "x"), ("*x*", "yyy"), ("?", ""), ("?", "é"), ("??", "a"), ("a?c", "abc"),
		("[abc]", "b"), ("[abc]", "d"), ("[a-c]x", "bx"), ("[a-c]x", "dx"), ("[^a-c]", "d"),
		("[^a-c]", "a"), ("[]", "a"), ("[^]", "a"), ("[]a]", "a"), ("[a-]", "a"), ("[-a]", "-"),
		("[a-z0-9]", "5"), ("[z-a]", "m"), ("[abc", "a"), ("[a-", "a"), ("[\\]]", "]"),
		("[\\^a]", "^"), ("[a\\-c]", "-"), ("[a\\-c]", "b"), ("[*?]", "?"), ("[é-ë]", "ê"),
		("\\*", "*"), ("\\*", "x"), ("a\\", "a\\"), ("a\\", "a"), ("\\[a]", "[a]"), ("a/*", "a/b/c"),
		("]", "]"), ("-", "-"), ("^", "^"), ("[!a]", "b"), ("[!a]", "!"),
	};
	for(i := 0; i < len tests; i++){
		(p, n) := tests[i];
		sys->print("match(%q, %q) = %d\n", p, n, filepat->match(p, n));
	}

	Top = tmpdir("/tmp/minos-filepat-test");
	for(l := "b.b" :: "a.b" :: "c.dis" :: "sub2x" :: ".hidden.b" :: nil; l != nil; l = tl l)
		mkfile(Top+"/"+hd l);
	mkdir(Top+"/sub1");
	mkdir(Top+"/sub2");
	mkfile(Top+"/sub1/f1.b");
	mkfile(Top+"/sub2/f2.b");
	mkfile(Top+"/sub2/g.b");

	pats := array[] of {
		Top+"/*.b", Top+"/*", Top+"/sub?", Top+"/sub?/*", Top+"/sub*/f*",
		Top+"/*/g.b", Top+"//sub1//f1.b", Top+"/sub1/../a.b", Top+"/./sub2/.",
		Top+"/nothing*", Top+"/a.b/x", Top+"/[ab].b", Top+"/[^ab].*",
	};
	for(i = 0; i < len pats; i++)
		sys->print("expand %s:%s\n", pats[i][len Top:], show(filepat->expand(pats[i]), len Top));

	if(sys->chdir(Top) < 0)
		sys->print("chdir: %r\n");
	rel := array[] of {"*.b", "sub1/*", "./sub?", "../" + Top[len "/tmp/":] + "/a.*", "", "/", "x"};
	for(i = 0; i < len rel; i++)
		sys->print("expand %q:%s\n", hide(rel[i]), hide(show(filepat->expand(rel[i]), 0)));
	cleanup();
}

show(l: list of string, cut: int): string
{
	s := "";
	for(; l != nil; l = tl l)
		if(len hd l >= cut && (hd l)[0:cut] == Top[0:cut])
			s += " " + (hd l)[cut:];
		else
			s += " " + hd l;
	return s;
}

# hide writes the test directory's name without its process number
hide(s: string): string
{
	t := Top[len "/tmp/":];
	for(i := 0; i+len t <= len s; i++)
		if(s[i:i+len t] == t)
			return s[0:i] + "DIR" + hide(s[i+len t:]);
	return s;
}

mkdir(name: string)
{
	if(sys->create(name, Sys->OREAD, Sys->DMDIR|8r755) == nil)
		sys->print("mkdir %s: %r\n", name);
}

mkfile(name: string)
{
	if(sys->create(name, Sys->OWRITE, 8r644) == nil)
		sys->print("create %s: %r\n", name);
}

cleanup()
{
	for(l := "sub1/f1.b" :: "sub2/f2.b" :: "sub2/g.b" :: "sub1" :: "sub2" :: "b.b" :: "a.b" ::
	    "c.dis" :: "sub2x" :: ".hidden.b" :: nil; l != nil; l = tl l)
		sys->remove(Top+"/"+hd l);
	sys->remove(Top);
}

# tmpdir makes a new directory under /tmp whose name no other run is using
tmpdir(base: string): string
{
	n := sys->millisec();
	for(i := 0; i < 100; i++){
		d := base + "." + string (n+i);
		if(sys->create(d, Sys->OREAD|Sys->OEXCL, Sys->DMDIR|8r755) != nil)
			return d;
	}
	sys->print("cannot make a directory %s.N: %r\n", base);
	raise "fail:tmpdir";
}
