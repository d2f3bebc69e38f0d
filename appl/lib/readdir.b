# readdir -- read a whole directory, optionally sorted and compacted

implement Readdir;

include "sys.m";
	sys: Sys;
	Dir: import sys;
include "readdir.m";

init(path: string, sortkey: int): (array of ref Dir, int)
{
	sys = load Sys Sys->PATH;
	fd := sys->open(path, Sys->OREAD);
	if(fd == nil)
		return (nil, -1);
	return readall(fd, sortkey);
}

# readall reads fd to the end; an error anywhere loses the whole directory.
readall(fd: ref Sys->FD, sortkey: int): (array of ref Dir, int)
{
	sys = load Sys Sys->PATH;
	chunks: list of array of Dir;
	n := 0;
	for(;;){
		(nr, d) := sys->dirread(fd);
		if(nr < 0)
			return (nil, -1);
		if(nr == 0)
			break;
		chunks = d[0:nr] :: chunks;
		n += nr;
	}
	a := array[n] of ref Dir;
	for(; chunks != nil; chunks = tl chunks){
		d := hd chunks;
		for(i := len d; --i >= 0; )
			a[--n] = ref d[i];
	}
	if(sortkey & COMPACT)
		a = compact(a);
	sortkey &= ~COMPACT;
	if((sortkey & ~DESCENDING) == NONE)
		return (a, len a);
	return sortdir(a, sortkey);
}

# compact drops every entry whose name an earlier entry already has.
compact(a: array of ref Dir): array of ref Dir
{
	seen := array[61] of list of string;
	j := 0;
	for(i := 0; i < len a; i++){
		name := a[i].name;
		h := 0;
		for(k := 0; k < len name; k++)
			h = (h*31 + name[k]) % len seen;
		for(l := seen[h]; l != nil; l = tl l)
			if(hd l == name)
				break;
		if(l != nil)
			continue;
		seen[h] = name :: seen[h];
		a[j++] = a[i];
	}
	return a[0:j];
}

# sortdir sorts a in place, stably; an unknown key leaves it as it is.
sortdir(a: array of ref Dir, key: int): (array of ref Dir, int)
{
	key &= ~COMPACT;
	case key & ~DESCENDING {
	NAME or ATIME or MTIME or SIZE =>
		msort(a, array[len a] of ref Dir, key);
	}
	return (a, len a);
}

msort(a, tmp: array of ref Dir, key: int)
{
	n := len a;
	if(n < 2)
		return;
	m := n/2;
	msort(a[0:m], tmp[0:m], key);
	msort(a[m:], tmp[m:], key);
	tmp[0:] = a;
	i := 0;
	j := m;
	k := 0;
	while(i < m && j < n){
		if(before(tmp[j], tmp[i], key))
			a[k++] = tmp[j++];
		else
			a[k++] = tmp[i++];
	}
	while(i < m)
		a[k++] = tmp[i++];
	while(j < n)
		a[k++] = tmp[j++];
}

# before says whether x belongs strictly before y: names ascend, times
# and sizes descend (newest and largest first); DESCENDING reverses.
before(x, y: ref Dir, key: int): int
{
	if(key & DESCENDING)
		(x, y) = (y, x);
	case key & ~DESCENDING {
	NAME =>
		return x.name < y.name;
	ATIME =>
		return x.atime > y.atime;
	MTIME =>
		return x.mtime > y.mtime;
	SIZE =>
		return x.length > y.length;
	}
	return 0;
}
