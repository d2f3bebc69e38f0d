/* runtime exception messages (raise.c), in Inferno's words */
extern	char	exAlt[];
extern	char	exBusy[];
extern	char	exModule[];
extern	char	exType[];
extern	char	exZdiv[];
extern	char	exHeap[];
extern	char	exItype[];
extern	char	exBounds[];
extern	char	exNegsize[];
extern	char	exNomem[];
extern	char	exSpawn[];
extern	char	exOp[];
extern	char	exTcheck[];
extern	char	exInval[];
extern	char	exNilref[];
extern	char	exRange[];
extern	char	exStack[];
