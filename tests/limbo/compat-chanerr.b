# compat-chanerr -- receiving from an array of channels whose values are
# wider than a word is refused (the VM stores the value one word after the index)
implement Compatchanerr;

Compatchanerr: module
{
	f:	fn(a: array of chan of big, r: array of chan of real): int;
};

f(a: array of chan of big, r: array of chan of real): int
{
	(i, v) := <-a;
	(j, w) := <-r;
	return i+j;
}
