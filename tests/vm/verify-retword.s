# verify-retword -- issue 25's exploit with one path: mk's only result
# is the integer it stores through 0(16(fp)) (limbo's movp 36(fp),
# 0(16(fp)) patched into movw 32(fp), 0(16(fp))), and init's place for
# it, 40(fp), is a pointer word, later handed to sys->write.  Refused at
# load: mk's result does not fit the caller's place.
module Forge
entry 0 3
type 0 16 f0			# 0 $Sys, 4 "$Sys", 8 format
type 1 1 -
type 2 40 0080			# print's frame
type 3 64 00f0			# init: 40 b, 44 the array, 48 52 56 frames
type 4 40 0040			# mk: 32 n, 36 a
string 4 "$Sys"
string 8 "not forged\n"
link init 0 3 0x4244b354
import 0 fildes 0x1478f993
import 0 print 0xac849033
import 0 write 0x7cfef557
code
	load 4(mp), $0, 0(mp)
	newa $4, $1, 44(fp)
	frame $4, 48(fp)
	movw $1048576, 32(48(fp))
	movp 44(fp), 36(48(fp))
	lea 40(fp), 16(48(fp))
	call 48(fp), $MK
	mframe 0(mp), $0, 48(fp)
	movw $1, 32(48(fp))
	lea 44(fp), 16(48(fp))
	mcall 48(fp), $0, 0(mp)
	mframe 0(mp), $2, 52(fp)
	movp 44(fp), 32(52(fp))
	movp 40(fp), 36(52(fp))
	movw $16, 40(52(fp))
	lea 56(fp), 16(52(fp))
	mcall 52(fp), $2, 0(mp)
	frame $2, 56(fp)
	movp 8(mp), 32(56(fp))
	lea 52(fp), 16(56(fp))
	mcall 56(fp), $1, 0(mp)
	ret
MK:	movw 32(fp), 0(16(fp))		# was movp 36(fp), 0(16(fp))
	ret
