# errcycle -- type names defined in terms of themselves with no adt
# between are refused, at the top level, in a module and in a function
implement Errcycle;

Errcycle: module
{
	f:	fn();
	M: type list of M;
};

T: type T;
L: type list of L;
R: type ref R;
T1: type T2;
T2: type T1;
A: type array of (int, A);
C: type chan of C;
F: type fn(f: F);

f()
{
	Loc: type array of Loc;
	x: Loc;
}
