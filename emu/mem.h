/* emu's machine constants: only the sizes port/ uses */
#define	KiB		1024u
#define	MiB		1048576u
#define	BY2PG		4096
