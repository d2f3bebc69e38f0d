# The builtin modules whose C tables limbo -t and limbo -a generate.
implement nothing;

include "sys.m";
include "math.m";
include "bench.m";
include "keyring.m";
