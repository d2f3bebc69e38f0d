#include <u.h>
#include <lib9.h>
#include <pthread.h>
#include "limbo.h"

enum
{
	Stack	= 512*1024*1024,	/* deep source nests deeply in the compiler: virtual, touched as used */
};

char*	srcfile;
char*	srcmap;
char*	signdump;	/* -X name: print the signature text of name's link and import entries */
int	dosbl;
int	compflag;	/* -c MUSTCOMPILE, -C DONTCOMPILE: the header's hint to the VM (isa.h) */

static void
usage(void)
{
	fprint(2, "usage: limbo [-cCegSw] [-a] [-t module] [-I dir] [-o file] [-P old=new] [-X name] file.b\n");
	exits("usage");
}

/* an option's value: the rest of its word, or the next word */
static char*
optval(char *s, char **argv, int argc, int *ip)
{
	if(s[1] != 0)
		return s+1;
	if(++*ip < argc)
		return argv[*ip];
	usage();
	return nil;
}

/* the output name: file.b -> file.dis (or .s), in the current directory */
static char*
outname(char *src, char *ext)
{
	char *b, *s, *o;

	b = strrchr(src, '/');
	b = b != nil ? b+1 : src;
	o = emalloc(strlen(b) + strlen(ext) + 2);
	strcpy(o, b);
	s = strrchr(o, '.');
	if(s != nil && strcmp(s, ".b") == 0)
		*s = 0;
	strcat(o, ext);
	return o;
}

static int	margc;
static char**	margv;
static void*	limbomain(void*);

int
main(int argc, char **argv)
{
	pthread_attr_t attr;
	pthread_t t;

	margc = argc;
	margv = argv;
	pthread_attr_init(&attr);
	if(pthread_attr_setstacksize(&attr, Stack) != 0 || pthread_create(&t, &attr, limbomain, nil) != 0){
		limbomain(nil);
		return 0;
	}
	pthread_join(t, nil);
	return 0;
}

/* the compiler proper, on a large stack */
static void*
limbomain(void *v)
{
	int argc;
	char **argv;
	char *ofile, *tabmod, *s;
	int i, doasm, dostub;
	Node *tree;
	Decl *d;

	USED(v);
	argc = margc;
	argv = margv;
	ofile = nil;
	tabmod = nil;
	doasm = 0;
	dostub = 0;
	for(i = 1; i < argc && argv[i][0] == '-' && argv[i][1] != 0; i++){
		for(s = argv[i]+1; *s; s++){
			switch(*s){
			case 'I':
				if(nincdirs >= 32){
					fprint(2, "limbo: more than 32 -I directories\n");
					exits("usage");
				}
				incdirs[nincdirs++] = optval(s, argv, argc, &i);
				goto nextarg;
			case 'o':
				ofile = optval(s, argv, argc, &i);
				goto nextarg;
			case 'P':
				srcmap = optval(s, argv, argc, &i);
				if(strchr(srcmap, '=') == nil){
					fprint(2, "limbo: -P %s: want old=new\n", srcmap);
					exits("usage");
				}
				goto nextarg;
			case 'X':
				signdump = optval(s, argv, argc, &i);
				goto nextarg;
			case 't':
				tabmod = optval(s, argv, argc, &i);
				goto nextarg;
			case 'a':
				dostub = 1;
				break;
			case 'S':
				doasm = 1;
				break;
			case 'g':
				dosbl = 1;
				break;
			case 'c':
				compflag = MUSTCOMPILE;
				break;
			case 'C':
				compflag = DONTCOMPILE;
				break;
			case 'e':
				errlimit = 0;
				break;
			case 'w':
				dowarn = 1;
				break;
			default:
				usage();
			}
		}
	nextarg:;
	}
	if(i != argc-1)
		usage();
	srcfile = argv[i];

	lexinit();
	genstart();
	typeinit();
	declinit();
	if(lexstart(srcfile) < 0){
		fprint(2, "limbo: can't open %s\n", srcfile);
		exits("open");
	}
	tree = parsefile();
	if(nerrors)
		exits("errors");
	declare(tree);
	if(dostub || tabmod != nil){
		if(nerrors)
			exits("errors");
		if(dostub)
			emitstubs();
		if(tabmod != nil)
			emittab(tabmod);
		exits(nerrors ? "errors" : nil);
	}
	if(impdecl == nil){
		if(nerrors == 0 && impsym != nil)
			error(nil, "no module declaration for %s", impsym->name);
		else if(nerrors == 0)
			error(nil, "no implementation module");
		exits("errors");
	}
	for(d = fns; d != nil; d = d->next2)
		fncheck(d);
	if(nerrors)
		exits("errors");
	if(ofile == nil)
		ofile = outname(srcfile, doasm ? ".s" : ".dis");
	compile(ofile, doasm);
	exits(nerrors ? "errors" : nil);
	return nil;
}
