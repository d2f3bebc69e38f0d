implement Devmntflush;

# dev-mntflush -- a mount's rpc given up: a prog blocked reading a
# mounted file is killed while another reads on the same mount; the
# server answers the Tflush with the late reply first, then Rflush,
# then answers the other read.  Round after round, the mount reads on
# and ends whole (an rpc given up is the reader's to free; its caller
# must not look at it again).

include "sys.m";
	sys: Sys;
include "draw.m";

Devmntflush: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

Tversion: con 100;
Rversion: con 101;
Tattach: con 104;
Rattach: con 105;
Rerror: con 107;
Tflush: con 108;
Rflush: con 109;
Twalk: con 110;
Rwalk: con 111;
Topen: con 112;
Ropen: con 113;
Tread: con 116;
Rread: con 117;
Tclunk: con 120;
Rclunk: con 121;
NOTAG: con 16rFFFF;
Rounds: con 20;

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	sys->pctl(Sys->FORKNS, nil);
	p := array[2] of ref Sys->FD;
	sys->pipe(p);
	held := chan of int;
	flushed := chan of int;
	spawn server(p[0], held, flushed);
	p[0] = nil;
	if(sys->mount(p[1], nil, "/n", Sys->MREPL, "") < 0){
		sys->print("mount: %r\n");
		return;
	}
	p[1] = nil;
	nflush := 0;
	nread := 0;
	for(i := 0; i < Rounds; i++){
		pidc := chan of int;
		done := chan of string;
		spawn reader("/n/a", pidc, done);
		apid := <-pidc;
		<-held;
		spawn reader("/n/b", pidc, done);
		<-pidc;
		<-held;
		ctl := sys->open("/prog/"+string apid+"/ctl", Sys->OWRITE);
		sys->fprint(ctl, "kill");
		ctl = nil;
		nflush += <-flushed;
		if(<-done == "read 1 b")
			nread++;
	}
	sys->print("%d rounds: %d flushed, %d reads answered after\n", Rounds, nflush, nread);
	sys->print("then: %s\n", get("/n/c"));
	sys->unmount(nil, "/n");
}

reader(f: string, pidc: chan of int, done: chan of string)
{
	pidc <-= sys->pctl(0, nil);
	fd := sys->open(f, Sys->OREAD);
	if(fd == nil){
		done <-= sys->sprint("open: %r");
		return;
	}
	buf := array[10] of byte;
	n := sys->read(fd, buf, len buf);
	if(n < 0)
		done <-= sys->sprint("read: %r");
	else
		done <-= sys->sprint("read %d %s", n, string buf[0:n]);
}

get(f: string): string
{
	fd := sys->open(f, Sys->OREAD);
	if(fd == nil)
		return sys->sprint("open: %r");
	buf := array[10] of byte;
	n := sys->read(fd, buf, len buf);
	if(n < 0)
		return sys->sprint("read: %r");
	return sys->sprint("read %d %s", n, string buf[0:n]);
}

# the server: a Tread of a or b at offset 0 is held until a Tflush
# names one; the other is answered after the Rflush
server(fd: ref Sys->FD, held, flushed: chan of int)
{
	names := array[64] of string;	# by fid
	hold: list of (int, string);	# (tag, name)
	for(;;){
		m := readmsg(fd);
		if(m == nil)
			return;
		tag := g16(m, 5);
		r: array of byte;
		case int m[4] {
		Tversion =>
			r = reply(Rversion, NOTAG, p32(8216) :: str("9P2000") :: nil);
		Tattach =>
			names[g32(m, 7)%64] = "";
			r = reply(Rattach, tag, qid(16r80) :: nil);
		Twalk =>
			newfid := g32(m, 11);
			nw := g16(m, 15);
			if(nw == 0)
				r = reply(Rwalk, tag, p16(0) :: nil);
			else{
				names[newfid%64] = string m[19:19+g16(m, 17)];
				r = reply(Rwalk, tag, p16(1) :: qid(0) :: nil);
			}
		Topen =>
			r = reply(Ropen, tag, qid(0) :: p32(0) :: nil);
		Tread =>
			name := names[g32(m, 7)%64];
			if(g32(m, 11) == 0 && name != "c"){
				hold = (tag, name) :: hold;
				held <-= 1;
				continue;
			}
			r = reply(Rread, tag, p32(1) :: array of byte name :: nil);
		Tflush =>
			old := g16(m, 7);
			rest: list of (int, string);
			for(; hold != nil; hold = tl hold){
				(t, name) := hd hold;
				if(t == old)
					send(fd, reply(Rread, t, p32(1) :: array of byte name :: nil));
				else
					rest = (t, name) :: rest;
			}
			send(fd, reply(Rflush, tag, nil));
			for(; rest != nil; rest = tl rest){
				(t, name) := hd rest;
				send(fd, reply(Rread, t, p32(1) :: array of byte name :: nil));
			}
			flushed <-= 1;
			continue;
		Tclunk =>
			r = reply(Rclunk, tag, nil);
		* =>
			r = reply(Rerror, tag, str("not here") :: nil);
		}
		send(fd, r);
	}
}

send(fd: ref Sys->FD, m: array of byte)
{
	sys->write(fd, m, len m);
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

g16(b: array of byte, o: int): int
{
	return int b[o] | int b[o+1]<<8;
}

g32(b: array of byte, o: int): int
{
	return g16(b, o) | g16(b, o+2)<<16;
}

p16(v: int): array of byte
{
	return array[] of {byte v, byte (v>>8)};
}

p32(v: int): array of byte
{
	return array[] of {byte v, byte (v>>8), byte (v>>16), byte (v>>24)};
}

str(s: string): array of byte
{
	a := array of byte s;
	b := array[2+len a] of byte;
	b[0:] = p16(len a);
	b[2:] = a;
	return b;
}

qid(t: int): array of byte
{
	b := array[13] of {* => byte 0};
	b[0] = byte t;
	return b;
}

# a reply of type t and tag from its fields
reply(t, tag: int, fields: list of array of byte): array of byte
{
	n := 7;
	for(l := fields; l != nil; l = tl l)
		n += len hd l;
	b := array[n] of byte;
	b[0:] = p32(n);
	b[4] = byte t;
	b[5:] = p16(tag);
	o := 7;
	for(; fields != nil; fields = tl fields){
		b[o:] = hd fields;
		o += len hd fields;
	}
	return b;
}
