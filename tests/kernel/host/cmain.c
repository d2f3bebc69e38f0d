/* the C entry point: the kernel headers declare their own main */
void testmain(void);

int
main(void)
{
	testmain();
	return 0;
}
