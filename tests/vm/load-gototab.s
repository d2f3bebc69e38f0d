# load-gototab -- a goto's table has no length the VM needs, but the
# loader, finding where functions nobody calls begin, must not read on
# past it: Inferno's limbo writes the number of entries in the word
# before the table.  Here the word after the table looks like a pc in
# the uncalled function B, whose frame is larger than init's; taken as
# a target of init's goto, it would join B to init and 80(fp) would be
# out of init's frame.
module Gototab
entry 0 1
type 0 28 e0			# 0 $Sys, 4 "$Sys", 8 format, 12 goto table
type 1 56 00c0			# init's frame
type 2 40 0080			# print's frame
type 3 88 -			# B's frame
string 4 "$Sys"
string 8 "%d\n"
word 12 2 L0 L1 B1		# count, the table, and a word that is not in it
link init 0 1 0x4244b354
import 0 print 0xac849033
code
	load 4(mp), $0, 0(mp)
	movw $1, 40(fp)
	goto 40(fp), 16(mp)
L0:	movw $10, 44(fp)
	jmp $P
L1:	movw $20, 44(fp)
P:	frame $2, 48(fp)
	movp 8(mp), 32(48(fp))
	movw 44(fp), 36(48(fp))
	lea 52(fp), 16(48(fp))
	mcall 48(fp), $0, 0(mp)
	ret
B:	movw $0, 80(fp)
B1:	addw $1, 80(fp)
	ret
