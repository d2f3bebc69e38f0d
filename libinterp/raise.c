/*
 * Exceptions raised by the VM itself.  The texts are Inferno's:
 * programs match on them.
 */
char	exAlt[]		= "alt send/recv on same chan";
char	exBusy[]	= "channel busy";
char	exModule[]	= "module not loaded";
char	exType[]	= "type not constructed correctly";
char	exZdiv[]	= "zero divide";
char	exHeap[]	= "out of memory: heap";
char	exItype[]	= "inconsistent type";
char	exBounds[]	= "array bounds error";
char	exNegsize[]	= "negative array size";
char	exNomem[]	= "out of memory: main";
char	exSpawn[]	= "spawn a builtin module";
char	exOp[]		= "illegal dis instruction";
char	exTcheck[]	= "type check";
char	exInval[]	= "invalid argument";
char	exNilref[]	= "dereference of nil";
char	exRange[]	= "value out of range";
char	exStack[]	= "out of memory: stack";
char	exAddr[]	= "bad address";
