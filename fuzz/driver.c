/*
 * driver -- a plain main for a libFuzzer harness (disload.c, styx.c):
 * each argument is a file, given once to LLVMFuzzerTestOneInput, as
 * libFuzzer does with files instead of a corpus directory.  Linked by
 * gcc without libFuzzer's runtime (fuzz/mkfile: plain), so that a test
 * can link and run every harness where clang's fuzzer runtime is not
 * installed: a stub missing from kstub.c fails the link there.
 */
#include <stdio.h>
#include <stdlib.h>
#include <stddef.h>

int	LLVMFuzzerTestOneInput(const unsigned char*, size_t);

enum
{
	Maxfile	= 1<<20,
};

int
main(int argc, char **argv)
{
	static unsigned char buf[Maxfile];
	FILE *f;
	size_t n;
	int i;

	for(i = 1; i < argc; i++){
		f = fopen(argv[i], "rb");
		if(f == NULL){
			fprintf(stderr, "driver: cannot open %s\n", argv[i]);
			return 1;
		}
		n = fread(buf, 1, sizeof buf, f);
		fclose(f);
		LLVMFuzzerTestOneInput(buf, n);
	}
	return 0;
}
