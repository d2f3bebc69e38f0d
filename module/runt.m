# The builtin modules whose C tables limbo -t and limbo -a generate
# into runt.h (Keyring has its own, from libinterp/keyringif.m: its
# IPint and DigestState would clash with IPints' and Crypt's here).
implement nothing;

include "sys.m";
include "math.m";
include "bench.m";
include "ipints.m";
include "crypt.m";
