implement Ssltest;

# ssl -- #D, the record layer of ssl(3): the bytes of each message as
# Inferno's ssl writes them (clear, digests, RC4), messages of many
# lengths through each block cipher (padded, or cut at 16K), a message
# whose digest fails, the conversation directory, and bad control
# messages, each a clear error.

include "sys.m";
	sys: Sys;
include "draw.m";

Ssltest: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

hex(a: array of byte): string
{
	s := "";
	for(i := 0; i < len a; i++)
		s += sys->sprint("%.2ux", int a[i]);
	return s;
}

# ssl over fd: its data and ctl, and its directory
push(fd: ref Sys->FD, secin, secout, alg: string): (ref Sys->FD, ref Sys->FD, string)
{
	c := sys->open("#D/clone", Sys->ORDWR);
	buf := array[32] of byte;
	n := sys->read(c, buf, len buf);
	dir := "#D/" + string buf[0:n];
	if(sys->fprint(c, "fd %d", fd.fd) < 0)
		sys->print("fd: %r\n");
	if(secin != nil){
		wr(dir+"/secretin", secin);
		wr(dir+"/secretout", secout);
	}
	if(alg != nil && sys->fprint(c, "alg %s", alg) < 0)
		sys->print("alg %s: %r\n", alg);
	return (sys->open(dir+"/data", Sys->ORDWR), c, dir);
}

wr(f, s: string)
{
	fd := sys->open(f, Sys->OWRITE);
	sys->write(fd, array of byte s, len s);
}

rd(f: string): string
{
	fd := sys->open(f, Sys->OREAD);
	if(fd == nil)
		return sys->sprint("%r");
	b := array[1000] of byte;
	n := sys->read(fd, b, len b);
	if(n < 0)
		return sys->sprint("%r");
	return string b[0:n];
}

ctl(c: ref Sys->FD, what, s: string)
{
	if(sys->fprint(c, "%s", s) < 0)
		sys->print("%s: %r\n", what);
	else
		sys->print("%s: ok\n", what);
}

writer(fd: ref Sys->FD, b: array of byte)
{
	if(sys->write(fd, b, len b) != len b)
		sys->print("write: %r\n");
}

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	fds := array[2] of ref Sys->FD;

	# one message's bytes under each way without padding
	algs := array[] of {"clear", "md5", "sha1", "md4", "rc4", "rc4_128", "rc4_256", "sha1 rc4_128", "md5/rc4_40"};
	for(i := 0; i < len algs; i++){
		sys->pipe(fds);
		(d0, nil, dir) := push(fds[0], "the in secret", "the out secret", algs[i]);
		if(i == 0)
			sys->print("encalgs %s\nhashalgs %s\n", rd(dir+"/encalgs"), rd(dir+"/hashalgs"));
		sys->write(d0, array of byte "hello", 5);
		raw := array[1000] of byte;
		n := sys->read(fds[1], raw, len raw);
		sys->print("%s: %s\n", algs[i], hex(raw[0:n]));
	}

	# each block cipher, messages of many lengths both ways
	blocks := array[] of {"des_56_cbc", "des_56_ecb", "des_40_cbc", "ideacbc", "ideaecb", "md5 des_56_cbc", "sha1/ideacbc", "sha1 des_40_ecb"};
	data := array[20000] of byte;
	for(k := 0; k < len data; k++)
		data[k] = byte (k*7);
	lens := array[] of {1, 7, 8, 9, 100, 16360, 16380, 20000};
	for(i = 0; i < len blocks; i++){
		sys->pipe(fds);
		(d0, nil, nil) := push(fds[0], "0123456789abcdefghijklmnopqrstuv", "vutsrqponmlkjihgfedcba9876543210", blocks[i]);
		(d1, nil, nil) := push(fds[1], "vutsrqponmlkjihgfedcba9876543210", "0123456789abcdefghijklmnopqrstuv", blocks[i]);
		s := blocks[i] + ":";
		for(j := 0; j < len lens; j++){
			spawn writer(d0, data[0:lens[j]]);
			got := 0;
			ok := 1;
			nmsg := 0;
			while(got < lens[j]){
				rb := array[32768] of byte;
				n := sys->read(d1, rb, len rb);
				if(n <= 0){
					sys->print("%s read %d: %r\n", blocks[i], n);
					ok = 0;
					break;
				}
				for(k = 0; k < n; k++)
					if(rb[k] != data[got+k])
						ok = 0;
				got += n;
				nmsg++;
			}
			v := "ok";
			if(!ok)
				v = "bad";
			s += sys->sprint(" %d in %d %s", lens[j], nmsg, v);
		}
		sys->print("%s\n", s);
	}

	# a message whose digest fails hangs the conversation up
	sys->pipe(fds);
	(d0, nil, nil) := push(fds[0], "secret A", "secret A", "sha1");
	(d1, nil, nil) := push(fds[1], "secret B", "secret B", "sha1");
	sys->write(d0, array of byte "hi", 2);
	rb := array[100] of byte;
	sys->print("wrong secret: %d %r\n", sys->read(d1, rb, len rb));
	sys->print("then: %d %r\n", sys->read(d1, rb, len rb));

	# control
	sys->pipe(fds);
	c := sys->open("#D/clone", Sys->ORDWR);
	n := sys->read(c, rb, len rb);
	dir := "#D/" + string rb[0:n];
	d := sys->open(dir+"/data", Sys->ORDWR);
	sys->print("data before fd: %d %r\n", sys->write(d, array of byte "x", 1));
	ctl(c, "alg sha1", "alg sha1");
	ctl(c, "fd 999", "fd 999");
	ctl(c, "fd of a pipe", "fd " + string fds[0].fd);
	ctl(c, "alg sha1", "alg sha1");
	ctl(c, "secretin AAECAwQFBgc=", "secretin AAECAwQFBgc=");
	ctl(c, "alg sha2", "alg sha2");
	ctl(c, "alg rc4_40 md5", "alg rc4_40 md5");
	ctl(c, "alg des_56_cbc", "alg des_56_cbc");
	ctl(c, "alg ideacbc", "alg ideacbc");
	ctl(c, "alg clear", "alg clear");
	ctl(c, "bogus", "bogus");
	ctl(c, "fd of its own data", "fd " + string d.fd);
	ctl(c, "alg", "alg");
	(ok, st) := sys->fstat(d);
	sys->print("data: %s %uo\n", st.name, st.mode);
	(nd, nil) := sys->stat("#D");
	sys->print("stat #D %d\n", nd);
}
