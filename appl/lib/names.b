# names -- lexical operations on file names; nothing here looks at files

implement Names;

include "sys.m";
include "names.m";

# cleanname rewrites name with no repeated or trailing slashes, no "."
# elements and each ".." applied to the element before it; ".." at
# the root stays the root, and leading ".." of a relative name stay.
# A device name "#c..." up to its first slash is kept whole and acts
# as the root.  An empty result is ".".
cleanname(name: string): string
{
	if(name == nil)
		return ".";
	# root: length of the part never removed; sep: elements need a
	# slash before them even when nothing follows the root
	root := 0;
	sep := 0;
	if(name[0] == '/')
		root = 1;
	else if(name[0] == '#'){
		if(len name < 2)
			return name;
		for(root = 2; root < len name && name[root] != '/'; root++)
			;
		sep = 1;
	}
	out := name[0:root];
	stop := root;	# ".." cannot back up into out[0:stop]
	for(p := root; p < len name; ){
		q := p;
		while(p < len name && name[p] != '/')
			p++;
		el := name[q:p];
		p++;
		case el {
		"" or "." =>
			;
		".." =>
			if(len out > stop){
				e := len out;
				while(--e > stop && out[e] != '/')
					;
				out = out[0:e];
			}else if(root == 0){
				if(out != nil)
					out += "/";
				out += "..";
				stop = len out;
			}
		* =>
			if(sep || len out > root)
				out += "/";
			out += el;
		}
	}
	if(out == nil)
		return ".";
	return out;
}

# dirname is name up to its last slash, "/" for a name in the root,
# nil when there is no slash.
dirname(name: string): string
{
	for(i := len name - 1; i >= 0; i--)
		if(name[i] == '/'){
			if(i == 0)
				return "/";
			return name[0:i];
		}
	return nil;
}

# basename is name after its last slash, less suffix if it ends so.
basename(name, suffix: string): string
{
	for(i := len name - 1; i >= 0; i--)
		if(name[i] == '/'){
			name = name[i+1:];
			break;
		}
	n := len name - len suffix;
	if(suffix != nil && n >= 0 && name[n:] == suffix)
		return name[0:n];
	return name;
}

# relative is name less a leading root (and the slashes after it) when
# root is a path prefix of name, else name.
relative(name, root: string): string
{
	if(name == nil || root == nil || !isprefix(root, name))
		return name;
	i := len root;
	while(i > 1 && root[i-1] == '/')
		i--;
	while(i < len name && name[i] == '/')
		i++;
	return name[i:];
}

# rooted is name taken relative to root, unless name starts at / or #.
rooted(root, name: string): string
{
	if(name == nil)
		return root;
	if(root == nil || name[0] == '/' || name[0] == '#')
		return name;
	if(root[len root - 1] == '/')
		return root + name;
	return root + "/" + name;
}

# isprefix says whether path a names b or a directory above it,
# element by element: /a is a prefix of /a/b but not of /ab.
isprefix(a, b: string): int
{
	if(a == nil)
		return 0;
	n := len a;
	while(n > 1 && a[n-1] == '/')
		n--;
	a = a[0:n];
	if(n > len b || a != b[0:n])
		return 0;
	return n == len b || b[n] == '/' || a == "/";
}

# elements splits name at slashes; a rooted name's list starts with "/".
elements(name: string): list of string
{
	sys := load Sys Sys->PATH;
	(nil, els) := sys->tokenize(name, "/");
	if(name != nil && name[0] == '/')
		els = "/" :: els;
	return els;
}

# pathname joins elements with slashes: the inverse of elements.
pathname(els: list of string): string
{
	if(els == nil)
		return nil;
	s := hd els;
	for(els = tl els; els != nil; els = tl els){
		if(s != "/")
			s += "/";
		s += hd els;
	}
	return s;
}
