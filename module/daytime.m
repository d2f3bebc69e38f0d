# Daytime -- the time of day, and conversions of seconds since the epoch
Daytime: module
{
	PATH:	con "/dis/lib/daytime.dis";

	Tm: adt
	{
		sec:	int;	# 0-59
		min:	int;	# 0-59
		hour:	int;	# 0-23
		mday:	int;	# 1-31
		mon:	int;	# 0-11
		year:	int;	# years since 1900
		wday:	int;	# 0-6, 0 is Sunday
		yday:	int;	# 0-365
		zone:	string;
		tzoff:	int;	# seconds east of GMT
	};

	# now returns the seconds since 1970-01-01 00:00 GMT, from /dev/time.
	now:	fn(): int;
	gmt:	fn(tim: int): ref Tm;
	# local is gmt: Minos keeps no time zone.
	local:	fn(tim: int): ref Tm;
	# text gives "Sat Nov 21 21:43:16 GMT 2026".
	text:	fn(tm: ref Tm): string;
	# filet gives "Nov 21 21:43", or "Nov 21  2026" if t is
	# more than six months away from now.
	filet:	fn(now, t: int): string;
	tm2epoch:	fn(tm: ref Tm): int;
};
