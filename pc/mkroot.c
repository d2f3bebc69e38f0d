/*
 * mkroot -o image dir -- pack the tree dir into a root file image for
 * devroot, as a Plan 9 mkfs archive.  Every file and directory under
 * dir, parents first and in name order, is one header line
 *	NAME MODE UID GID MTIME LENGTH
 * followed by LENGTH bytes of contents: NAME is the path below dir
 * without a leading '/', MODE the octal permission bits with DMDIR
 * (0x80000000) for a directory (whose LENGTH is 0), UID and GID are
 * "inferno", MTIME is decimal seconds.  The image ends with the line
 * "end of archive".  The kernel gets it as a multiboot module.
 */
#include <u.h>
#include <lib9.h>
#include <stdio.h>
#include <dirent.h>
#include <sys/stat.h>

static FILE *out;
static char tmp[4096];	/* the image being written */

/* give up, leaving no partial image behind */
static void
die(void)
{
	if(out != nil)
		fclose(out);
	remove(tmp);
	exit(1);
}

static int
cmp(const void *a, const void *b)
{
	return strcmp(*(char**)a, *(char**)b);
}

static void
copyfile(char *path, long len)
{
	char buf[8192];
	FILE *f;
	long n, t;

	f = fopen(path, "rb");
	if(f == nil){
		fprintf(stderr, "mkroot: %s: cannot open\n", path);
		die();
	}
	for(t = 0; t < len; t += n){
		n = fread(buf, 1, sizeof buf < len-t ? sizeof buf : len-t, f);
		if(n <= 0){
			fprintf(stderr, "mkroot: %s: short read\n", path);
			die();
		}
		fwrite(buf, 1, n, out);
	}
	fclose(f);
}

/* write the entries below dir, whose archive name is name ("" at the top) */
static void
walkdir(char *dir, char *name)
{
	DIR *d;
	struct dirent *e;
	struct stat st;
	char **names, path[4096], aname[4096];
	int n, max, i;

	d = opendir(dir);
	if(d == nil){
		fprintf(stderr, "mkroot: %s: cannot open directory\n", dir);
		die();
	}
	n = 0;
	max = 64;
	names = malloc(max*sizeof(char*));
	while((e = readdir(d)) != nil){
		if(strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		if(n == max){
			max *= 2;
			names = realloc(names, max*sizeof(char*));
		}
		names[n++] = strdup(e->d_name);
	}
	closedir(d);
	qsort(names, n, sizeof(char*), cmp);
	for(i = 0; i < n; i++){
		snprintf(path, sizeof path, "%s/%s", dir, names[i]);
		if(name[0])
			snprintf(aname, sizeof aname, "%s/%s", name, names[i]);
		else
			snprintf(aname, sizeof aname, "%s", names[i]);
		if(stat(path, &st) < 0){
			fprintf(stderr, "mkroot: %s: cannot stat\n", path);
			die();
		}
		if(strchr(aname, ' ') != nil || strchr(aname, '\n') != nil){
			fprintf(stderr, "mkroot: %s: space in name\n", path);
			die();
		}
		if(S_ISDIR(st.st_mode)){
			fprintf(out, "%s %lo inferno inferno %ld 0\n", aname,
				0x80000000UL|(ulong)(st.st_mode&0777), (long)st.st_mtime);
			walkdir(path, aname);
		}else if(S_ISREG(st.st_mode)){
			fprintf(out, "%s %lo inferno inferno %ld %ld\n", aname,
				(ulong)(st.st_mode&0777), (long)st.st_mtime, (long)st.st_size);
			copyfile(path, st.st_size);
		}
		free(names[i]);
	}
	free(names);
}

int
main(int argc, char **argv)
{
	char *dir, *img;

	if(argc != 4 || strcmp(argv[1], "-o") != 0){
		fprintf(stderr, "usage: mkroot -o image dir\n");
		return 1;
	}
	img = argv[2];
	dir = argv[3];
	/* write a new file and rename it: a QEMU reading the old image keeps it whole */
	snprintf(tmp, sizeof tmp, "%s.%d", img, (int)getpid());
	out = fopen(tmp, "wb");
	if(out == nil){
		fprintf(stderr, "mkroot: %s: cannot create\n", tmp);
		return 1;
	}
	walkdir(dir, "");
	fprintf(out, "end of archive\n");
	if(fclose(out) != 0 || rename(tmp, img) < 0){
		fprintf(stderr, "mkroot: %s: write error\n", img);
		remove(tmp);
		return 1;
	}
	return 0;
}
