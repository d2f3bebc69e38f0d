implement Devstyx;

# dev-styx -- hostile Styx: a client speaking raw Styx to sys->export
# (bad fids, tags and modes, .. at the root, junk, truncated and huge
# messages), and servers answering sys->mount with junk (wrong types
# and sizes, bad walks, counts and stats, a hangup mid-message).  Every
# case is a clear error; nothing hangs or crashes.

include "sys.m";
	sys: Sys;
include "draw.m";

Devstyx: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

Tversion, Rversion, Tauth, Rauth, Tattach, Rattach, Terror, Rerror,
Tflush, Rflush, Twalk, Rwalk, Topen, Ropen, Tcreate, Rcreate, Tread,
Rread, Twrite, Rwrite, Tclunk, Rclunk, Tremove, Rremove, Tstat, Rstat,
Twstat, Rwstat: con 100+iota;
NOTAG: con 16rFFFF;

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	sys->pctl(Sys->FORKNS, nil);	# its binds and mounts are its own
	client();
	servers();
}

# message building
p16(b: array of byte, o, v: int): int
{
	b[o] = byte v;
	b[o+1] = byte (v>>8);
	return o+2;
}

p32(b: array of byte, o, v: int): int
{
	o = p16(b, o, v);
	return p16(b, o, v>>16);
}

g16(b: array of byte, o: int): int
{
	return int b[o] | int b[o+1]<<8;
}

g32(b: array of byte, o: int): int
{
	return g16(b, o) | g16(b, o+2)<<16;
}

# a message of type t and tag from fields: ints are 4 bytes, strings counted, "1:n" one byte, "2:n" two, "8:n" eight
msg(t, tag: int, fields: list of string): array of byte
{
	b := array[8192] of byte;
	o := p32(b, 0, 0);
	b[o++] = byte t;
	o = p16(b, o, tag);
	for(; fields != nil; fields = tl fields){
		f := hd fields;
		if(len f > 2 && f[1] == ':'){
			v := int f[2:];
			case f[0] {
			'1' =>	b[o++] = byte v;
			'2' =>	o = p16(b, o, v);
			'8' =>	o = p32(b, o, v); o = p32(b, o, 0);
			* =>	o = p32(b, o, v);
			}
		}else{
			s := array of byte f[1:];	# a string: its first character says so
			o = p16(b, o, len s);
			b[o:] = s;
			o += len s;
		}
	}
	p32(b, 0, o);
	return b[0:o];
}

readmsg(fd: ref Sys->FD): array of byte
{
	h := array[4] of byte;
	if(sys->readn(fd, h, 4) != 4)
		return nil;
	n := g32(h, 0);
	if(n < 7 || n > 65536)
		return nil;
	b := array[n] of byte;
	b[0:] = h;
	if(sys->readn(fd, b[4:], n-4) != n-4)
		return nil;
	return b;
}

# the reply to m, in words
rpc(fd: ref Sys->FD, m: array of byte): string
{
	if(sys->write(fd, m, len m) != len m)
		return sys->sprint("write: %r");
	r := readmsg(fd);
	if(r == nil)
		return "no reply";
	case int r[4] {
	Rerror =>
		n := g16(r, 7);
		return "Rerror " + string r[9:9+n];
	Rversion =>
		n := g16(r, 11);
		return sys->sprint("Rversion %d %s", g32(r, 7), string r[13:13+n]);
	Rwalk =>
		return sys->sprint("Rwalk %d", g16(r, 7));
	Rread =>
		return sys->sprint("Rread %d", g32(r, 7));
	* =>
		return sys->sprint("R %d", int r[4]);
	}
}

exporter(fd: ref Sys->FD, dir: string, done: chan of int)
{
	sys->pctl(Sys->FORKNS, nil);
	r := sys->export(fd, dir, Sys->EXPWAIT);
	fd = nil;
	done <-= r;
}

client()
{
	# a directory of its own: another emu may run this test beside it, as pid 1 too
	base := "/tmp/minos-devstyx-" + string sys->pctl(0, nil);
	dir := base;
	for(n := 0; sys->create(dir, Sys->OREAD|Sys->OEXCL, Sys->DMDIR|8r755) == nil && n < 100; n++)
		dir = base + "." + string n;
	fd := sys->create(dir+"/f", Sys->OWRITE, 8r644);
	sys->fprint(fd, "data");
	fd = nil;
	p := array[2] of ref Sys->FD;
	sys->pipe(p);
	done := chan of int;
	spawn exporter(p[0], dir, done);
	p[0] = nil;
	c := p[1];
	say := array[] of {
		("Tversion", msg(Tversion, NOTAG, "4:8216" :: "s9P2000" :: nil)),
		("Tversion bad", msg(Tversion, NOTAG, "4:8216" :: "sXP3000" :: nil)),
		("Tversion", msg(Tversion, NOTAG, "4:100000" :: "s9P2000" :: nil)),
		("Tauth", msg(Tauth, 1, "4:5" :: "sme" :: "s" :: nil)),
		("Tattach afid", msg(Tattach, 1, "4:1" :: "4:5" :: "sme" :: "s" :: nil)),
		("Tattach", msg(Tattach, 1, "4:1" :: "4:-1" :: "sme" :: "s" :: nil)),
		("Tattach again", msg(Tattach, 1, "4:1" :: "4:-1" :: "sme" :: "s" :: nil)),
		("Twalk ..", msg(Twalk, 1, "4:1" :: "4:2" :: "2:1" :: "s.." :: nil)),
		("Tread dir fid 2", msg(Tread, 1, "4:2" :: "8:0" :: "4:100" :: nil)),
		("Topen fid 2", msg(Topen, 1, "4:2" :: "1:0" :: nil)),
		("Twalk open", msg(Twalk, 1, "4:2" :: "4:3" :: "2:0" :: nil)),
		("Twalk f/..", msg(Twalk, 1, "4:1" :: "4:3" :: "2:3" :: "sf" :: "s.." :: "s.." :: nil)),
		("Twalk missing", msg(Twalk, 1, "4:1" :: "4:4" :: "2:2" :: "sf" :: "snope" :: nil)),
		("Twalk slash", msg(Twalk, 1, "4:1" :: "4:4" :: "2:1" :: "sa/b" :: nil)),
		("Twalk to fid 2", msg(Twalk, 1, "4:1" :: "4:2" :: "2:0" :: nil)),
		("Topen bad fid", msg(Topen, 1, "4:99" :: "1:0" :: nil)),
		("Topen bad mode", msg(Topen, 1, "4:3" :: "1:255" :: nil)),
		("Tread unopened", msg(Tread, 1, "4:3" :: "8:0" :: "4:10" :: nil)),
		("Twalk f", msg(Twalk, 1, "4:1" :: "4:5" :: "2:1" :: "sf" :: nil)),
		("Topen f", msg(Topen, 1, "4:5" :: "1:0" :: nil)),
		("Tread f", msg(Tread, 1, "4:5" :: "8:0" :: "4:100" :: nil)),
		("Twrite f read-only", msg(Twrite, 1, "4:5" :: "8:0" :: "4:1" :: "1:65" :: nil)),
		("Tcreate ..", msg(Tcreate, 1, "4:3" :: "s.." :: "4:420" :: "1:1" :: nil)),
		("Tflush unknown", msg(Tflush, 2, "2:77" :: nil)),
		("Tclunk", msg(Tclunk, 1, "4:5" :: nil)),
		("Tclunk again", msg(Tclunk, 1, "4:5" :: nil)),
		("Rread from client", msg(Rread, 1, "4:0" :: nil)),
	};
	for(i := 0; i < len say; i++){
		(what, m) := say[i];
		sys->print("%s: %s\n", what, rpc(c, m));
	}
	sys->print("export after junk: %d\n", <-done);

	# a message too big, one truncated, one that lies about its size
	for(bad := 0; bad < 3; bad++){
		sys->pipe(p);
		spawn exporter(p[0], dir, done);
		p[0] = nil;
		m := msg(Tversion, NOTAG, "4:8216" :: "s9P2000" :: nil);
		case bad {
		0 =>	p32(m, 0, 16r7FFFFFFF);
		1 =>	m = m[0:10];
		2 =>	p32(m, 0, 9);
		}
		sys->write(p[1], m, len m);
		p[1] = nil;
		sys->print("export after bad message %d: %d\n", bad, <-done);
	}
	sys->remove(dir+"/f");
	sys->remove(dir);
}

# a server that answers each message with what bad says
badserver(fd: ref Sys->FD, bad: string)
{
	for(;;){
		m := readmsg(fd);
		if(m == nil)
			return;
		t := int m[4];
		tag := g16(m, 5);
		r: array of byte;
		case t {
		Tversion =>
			case bad {
			"vsize" =>	r = msg(Rversion, NOTAG, "4:100" :: "s9P2000" :: nil);
			"vname" =>	r = msg(Rversion, NOTAG, "4:8216" :: "s9P1999" :: nil);
			"vjunk" =>	r = array of byte "junk junk junk";
			* =>	r = msg(Rversion, NOTAG, "4:8216" :: "s9P2000" :: nil);
			}
		Tattach =>
			case bad {
			"atype" =>	r = msg(Rwalk, tag, "2:0" :: nil);
			"asize" =>	r = array[8] of byte; p32(r, 0, 0);
			"ahuge" =>	r = array[8] of byte; p32(r, 0, 16r7FFFFFFF);
			"ahangup" =>	r = msg(Rattach, tag, "1:128" :: "4:0" :: "8:1" :: nil)[0:9];
			"aerror" =>
				s := "";
				for(i := 0; i < 300; i++)
					s[i] = 'e';
				r = msg(Rerror, tag, "s"+s :: nil);
			* =>	r = msg(Rattach, tag, "1:128" :: "4:0" :: "8:1" :: nil);
			}
		Twalk =>
			case bad {
			"wcount" =>	r = msg(Rwalk, tag, "2:3" :: "1:0" :: "4:0" :: "8:2" :: "1:0" :: "4:0" :: "8:3" :: "1:0" :: "4:0" :: "8:4" :: nil);
			"wtag" =>	r = msg(Rwalk, tag+1, "2:0" :: nil);
			* =>
				# as many qids as names
				q: list of string;
				for(i := g16(m, 15); i > 0; i--)
					q = "1:0" :: "4:0" :: "8:2" :: q;
				r = msg(Rwalk, tag, "2:"+string g16(m, 15) :: q);
			}
		Topen =>
			r = msg(Ropen, tag, "1:0" :: "4:0" :: "8:2" :: "4:0" :: nil);
		Tread =>
			r = msg(Rread, tag, "4:5000" :: nil);
		Tstat =>
			r = msg(Rstat, tag, "2:4" :: "2:2" :: "2:0" :: nil);
		Tclunk =>
			r = msg(Rclunk, tag, nil);
		* =>
			r = msg(Rerror, tag, "snot here" :: nil);
		}
		if(bad == "wtag" && t == Twalk){
			sys->write(fd, r, len r);
			return;
		}
		if(sys->write(fd, r, len r) < 0)
			return;
		if(bad == "ahangup" && t == Tattach)
			return;
	}
}

servers()
{
	mnt := "/tmp";
	for(l := "vsize" :: "vname" :: "vjunk" :: "atype" :: "asize" :: "ahuge" :: "ahangup" :: "aerror" :: nil; l != nil; l = tl l){
		p := array[2] of ref Sys->FD;
		sys->pipe(p);
		spawn badserver(p[0], hd l);
		p[0] = nil;
		r := sys->mount(p[1], nil, mnt, Sys->MBEFORE, "");
		sys->print("mount %s: %d %r\n", hd l, r);
		if(r > 0)
			sys->unmount(nil, mnt);
	}
	for(l = "wcount" :: "wtag" :: "read" :: "stat" :: nil; l != nil; l = tl l){
		p := array[2] of ref Sys->FD;
		sys->pipe(p);
		spawn badserver(p[0], hd l);
		p[0] = nil;
		sys->pctl(Sys->FORKNS, nil);
		r := sys->mount(p[1], nil, "/n", Sys->MREPL, "");
		sys->print("mount %s: %d\n", hd l, r > 0);
		case hd l {
		"wcount" or "wtag" =>
			if(sys->open("/n/x", Sys->OREAD) == nil)
				sys->print("  walk: %r\n");
			if(sys->open("/n/y", Sys->OREAD) == nil)
				sys->print("  then: %r\n");
		"read" =>
			fd := sys->open("/n/x", Sys->OREAD);
			if(fd == nil)
				sys->print("  open: %r\n");
			buf := array[10] of byte;
			sys->print("  read %d: %r\n", sys->read(fd, buf, len buf));
		"stat" =>
			(ok, nil) := sys->stat("/n/x");
			sys->print("  stat %d: %r\n", ok);
		}
		sys->unmount(nil, "/n");
	}
}
