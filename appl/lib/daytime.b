# daytime -- calendar arithmetic on seconds since the epoch (GMT only)

implement Daytime;

include "sys.m";
	sys: Sys;
include "daytime.m";

Days:	con "SunMonTueWedThuFriSat";
Months:	con "JanFebMarAprMayJunJulAugSepOctNovDec";

day(i: int): string
{
	return Days[3*i:3*i+3];
}

month(i: int): string
{
	return Months[3*i:3*i+3];
}

# mdays returns the days in month m (0-11) of a year that is not leap.
mdays(m: int): int
{
	case m {
	1 =>
		return 28;
	3 or 5 or 8 or 10 =>
		return 30;
	}
	return 31;
}

now(): int
{
	if(sys == nil)
		sys = load Sys Sys->PATH;
	fd := sys->open("/dev/time", Sys->OREAD);
	if(fd == nil)
		return 0;
	buf := array[64] of byte;
	n := sys->read(fd, buf, len buf);
	if(n <= 0)
		return 0;
	return int (big string buf[0:n] / big 1000000);
}

leap(y: int): int
{
	return y%4 == 0 && (y%100 != 0 || y%400 == 0);
}

ydays(y: int): int
{
	if(leap(y))
		return 366;
	return 365;
}

gmt(tim: int): ref Tm
{
	tm := ref Tm(0, 0, 0, 0, 0, 0, 0, 0, "GMT", 0);
	d := tim / 86400;
	s := tim % 86400;
	if(s < 0){
		s += 86400;
		d--;
	}
	tm.sec = s % 60;
	tm.min = (s / 60) % 60;
	tm.hour = s / 3600;
	tm.wday = (d + 4) % 7;
	if(tm.wday < 0)
		tm.wday += 7;
	y := 1970;
	if(d >= 0){
		while(d >= ydays(y)){
			d -= ydays(y);
			y++;
		}
	}else{
		while(d < 0){
			y--;
			d += ydays(y);
		}
	}
	tm.year = y - 1900;
	tm.yday = d;
	m := 0;
	for(;;){
		md := mdays(m);
		if(m == 1 && leap(y))
			md++;
		if(d < md)
			break;
		d -= md;
		m++;
	}
	tm.mon = m;
	tm.mday = d + 1;
	return tm;
}

local(tim: int): ref Tm
{
	return gmt(tim);
}

text(tm: ref Tm): string
{
	if(sys == nil)
		sys = load Sys Sys->PATH;
	return sys->sprint("%s %s %.2d %.2d:%.2d:%.2d %s %d",
		day(tm.wday), month(tm.mon), tm.mday,
		tm.hour, tm.min, tm.sec, tm.zone, tm.year+1900);
}

filet(now, t: int): string
{
	if(sys == nil)
		sys = load Sys Sys->PATH;
	tm := local(t);
	if(now - t < 6*30*86400 && t - now < 6*30*86400)
		return sys->sprint("%s %.2d %.2d:%.2d", month(tm.mon), tm.mday, tm.hour, tm.min);
	return sys->sprint("%s %.2d  %d", month(tm.mon), tm.mday, tm.year+1900);
}

tm2epoch(tm: ref Tm): int
{
	y := tm.year + 1900;
	d := 0;
	for(i := 1970; i < y; i++)
		d += ydays(i);
	for(i = y; i < 1970; i++)
		d -= ydays(i);
	for(m := 0; m < tm.mon; m++){
		d += mdays(m);
		if(m == 1 && leap(y))
			d++;
	}
	d += tm.mday - 1;
	return d*86400 + tm.hour*3600 + tm.min*60 + tm.sec - tm.tzoff;
}
