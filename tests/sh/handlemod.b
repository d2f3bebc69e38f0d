# handlemod -- for limbo-handles.sh: returns a handle on itself as Stob
implement Conv, Stob;

include "handles.m";

getstob(): Stob
{
	return load Stob "$self";
}

aaa(s: string): string
{
	return "aaa "+s;
}

stob(s: string): string
{
	return "stob "+s;
}
