implement Statscorr;

# Stats' correlations (stats(2)) on data with known answers: exact lines,
# Anscombe's first quartet (r 0.816421, rho 0.818182), ranks with ties
# (rho 3/sqrt(10)), a monotone curve, offsets of 1e9, and the undefined cases.

include "sys.m";
	sys: Sys;
include "draw.m";
include "stats.m";
	stats: Stats;

Statscorr: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	stats = load Stats Stats->PATH;
	if(stats == nil){
		sys->print("cannot load stats: %r\n");
		raise "fail:load";
	}
	x := array[] of {1.0, 2.0, 3.0, 4.0, 5.0};
	up := array[len x] of real;
	down := array[len x] of real;
	far := array[len x] of real;
	for(i := 0; i < len x; i++){
		up[i] = 2.0*x[i] + 1.0;
		down[i] = -x[i];
		far[i] = 1.0e9 + x[i];
	}
	both("line", x, up);
	both("falling", x, down);
	both("offset 1e9", far, x);

	ax := array[] of {10.0, 8.0, 13.0, 9.0, 11.0, 14.0, 6.0, 4.0, 12.0, 7.0, 5.0};
	ay := array[] of {8.04, 6.95, 7.58, 8.81, 8.33, 9.96, 7.24, 4.26, 10.84, 4.82, 5.68};
	both("anscombe", ax, ay);

	both("ties", array[] of {1.0, 2.0, 2.0, 10.0}, array[] of {1.0, 3.0, 2.0, 4.0});

	c := array[] of {1.0, 2.0, 3.0, 4.0, 5.0, 6.0};
	cube := array[len c] of real;
	for(i = 0; i < len c; i++)
		cube[i] = c[i]*c[i]*c[i];
	both("cube", c, cube);

	# only the first min(len x, len y) pairs count
	both("shorter", x, array[] of {3.0, 5.0, 7.0});

	both("constant", x, array[] of {4.0, 4.0, 4.0, 4.0, 4.0});
	both("one pair", array[] of {1.0}, array[] of {2.0});
	both("empty", array[0] of real, array[0] of real);
}

both(name: string, x, y: array of real)
{
	(r, ok) := stats->pearson(x, y);
	(rho, ok2) := stats->spearman(x, y);
	sys->print("%s: r %s rho %s\n", name, show(r, ok), show(rho, ok2));
}

show(v: real, ok: int): string
{
	if(!ok)
		return "undefined";
	return sys->sprint("%.6f", v);
}
