/* sysfmt.c: Limbo's print formats over a frame's variable arguments */
void	sysfmt(Fmt*, String*, void*, void*);
