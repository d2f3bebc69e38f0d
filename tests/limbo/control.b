implement Control;

include "sys.m";
	sys: Sys;
include "draw.m";

Control: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

A, B, C: con iota;
D, E: con 10 + iota*2;

classify(n: int): string
{
	case n {
	0 =>
		return "zero";
	1 or 2 or 3 =>
		return "small";
	4 to 9 =>
		return "digit";
	-5 to -1 =>
		return "negative";
	}
	return "other";
}

word(s: string): int
{
	r := 0;
	case s {
	"one" =>
		r = 1;
	"two" or "deux" =>
		r = 2;
	"a" to "c" =>
		r = 3;
	* =>
		r = -1;
	}
	return r;
}

bigcase(b: big): string
{
	case b {
	big 1 =>
		return "one";
	big 1000000000000 =>
		return "tera";
	}
	return "?";
}

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	sys->print("%d %d %d %d %d\n", A, B, C, D, E);
	for(i := -6; i <= 10; i += 3)
		sys->print("%s ", classify(i));
	sys->print("\n");
	sys->print("%d %d %d %d %d\n", word("one"), word("deux"), word("b"), word("c"), word("cc"));
	sys->print("%s %s %s\n", bigcase(big 1), bigcase(big 1000000000000), bigcase(big 2));
	n := 0;
	while(n < 100)
		n = n*2 + 1;
	sys->print("while %d\n", n);
	do
		n -= 30;
	while(n > 0);
	sys->print("do %d\n", n);
	s := 0;
loop:	for(i = 0; ; i++){
		case i % 4 {
		0 =>
			continue;
		3 =>
			if(i > 10)
				break loop;
		}
		s += i;
	}
	sys->print("for %d %d\n", s, i);
	t := 0;
outer:
	while(t < 1000){
		for(j := 0; j < 10; j++){
			t += j;
			if(j == 5)
				continue outer;
		}
	}
	sys->print("outer %d\n", t);
	k := 0;
	for(;;){
		k++;
		if(k >= 7)
			break;
	}
	sys->print("k %d\n", k);
	if(k == 7)
		sys->print("seven\n");
	else if(k == 8)
		sys->print("eight\n");
	else
		sys->print("other\n");
	x := 3;
	y := x > 2 && (x < 5 || x == 100);
	sys->print("%d\n", y);
}
