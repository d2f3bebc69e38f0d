# compat-include -- include inside a function body; a quote character
# constant written '''; the include file is found beside this source
implement Compatinclude;

include "sys.m";
	sys: Sys;
include "draw.m";

Compatinclude: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	n := 1;
	include "compat-include.m";
	n++;
	include "compat-include.m"	# a comment between the name and ;
	;
	sys->print("%c%c%c %d\n", ''', '\'', '"', '''+1);
}
