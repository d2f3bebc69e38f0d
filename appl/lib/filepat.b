# filepat -- match file names against * ? [...] patterns, and expand
# patterns into the names of existing files

implement Filepat;

include "sys.m";
	sys: Sys;
include "readdir.m";
	readdir: Readdir;
include "filepat.m";

# expand matches pat one slash-separated element at a time: every
# element but the last must match directories.  Names come out in
# order of their directories, and by name within each one.  The
# elements "." and ".." are taken as they are, without looking.
expand(pat: string): list of string
{
	if(sys == nil)
		sys = load Sys Sys->PATH;
	if(readdir == nil)
		readdir = load Readdir Readdir->PATH;
	if(readdir == nil)
		return nil;
	(nil, els) := sys->tokenize(pat, "/");
	if(els == nil)
		return nil;
	dirs := "" :: nil;	# "" is the current directory, giving no prefix
	if(pat[0] == '/')
		dirs = "/" :: nil;
	for(; els != nil && dirs != nil; els = tl els){
		found: list of string;
		for(; dirs != nil; dirs = tl dirs)
			found = indir(hd dirs, hd els, tl els != nil, found);
		for(; found != nil; found = tl found)
			dirs = hd found :: dirs;
	}
	return dirs;
}

# indir adds to acc, in reverse, the names in dir matching el.
indir(dir, el: string, mustbedir: int, acc: list of string): list of string
{
	if(el == "." || el == "..")
		return join(dir, el) :: acc;
	path := dir;
	if(path == nil)
		path = ".";
	(d, n) := readdir->init(path, Readdir->NAME|Readdir->COMPACT);
	for(i := 0; i < n; i++){
		if(mustbedir && (d[i].mode & Sys->DMDIR) == 0)
			continue;
		if(match(el, d[i].name))
			acc = join(dir, d[i].name) :: acc;
	}
	return acc;
}

join(dir, name: string): string
{
	if(dir == nil || dir == "/")
		return dir + name;
	return dir + "/" + name;
}

match(pat, name: string): int
{
	return matchat(pat, 0, name, 0);
}

# matchat matches pat[p:] against name[n:].
matchat(pat: string, p: int, name: string, n: int): int
{
	while(p < len pat){
		c := pat[p++];
		case c {
		'*' =>
			if(p == len pat)
				return 1;
			for(; n <= len name; n++)
				if(matchat(pat, p, name, n))
					return 1;
			return 0;
		'?' =>
			if(n == len name)
				return 0;
			n++;
		'[' =>
			if(n == len name)
				return 0;
			ok: int;
			(ok, p) = inclass(pat, p, name[n++]);
			if(!ok)
				return 0;
		'\\' =>
			if(p == len pat || n == len name || pat[p++] != name[n++])
				return 0;
		* =>
			if(n == len name || name[n++] != c)
				return 0;
		}
	}
	return n == len name;
}

# inclass matches c against the class that starts at pat[p], just
# after its [, returning the verdict and the offset after the closing ].
# Members are characters or ranges a-z; \ quotes the next character; a
# leading ^ complements; ] first closes an empty class.  An unclosed
# class matches nothing.
inclass(pat: string, p: int, c: int): (int, int)
{
	neg := 0;
	if(p < len pat && pat[p] == '^'){
		neg = 1;
		p++;
	}
	hit := 0;
	for(;;){
		(lo, esc, q) := pchar(pat, p);
		if(q < 0)
			return (0, p);
		if(!esc && lo == ']')
			return (hit != neg, q);
		hi := lo;
		(h, hesc, r) := pchar(pat, q);
		if(r >= 0 && !hesc && h == '-'){
			(hi, nil, q) = pchar(pat, r);
			if(q < 0)
				return (0, r);
		}
		if(lo <= c && c <= hi)
			hit = 1;
		p = q;
	}
}

# pchar reads the character at pat[p], undoing a \ before it (a \ at the
# very end stands for itself): the character, whether it was quoted, and
# the offset after it, -1 at the end of pat.
pchar(pat: string, p: int): (int, int, int)
{
	if(p >= len pat)
		return (0, 0, -1);
	if(pat[p] == '\\' && p+1 < len pat)
		return (pat[p+1], 1, p+2);
	return (pat[p], 0, p+1);
}
