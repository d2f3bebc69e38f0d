# call-nottop -- a call of a frame that is not the top of the stack (a
# frame made after it is still there) is an illegal instruction.  The
# verifier proves the frame word holds a live frame this function made
# and has not called; whether it is the top only running code knows.
module Nottop
entry 0 1
type 0 12 e0			# module data: 0 $Sys, 4 "$Sys", 8 format
type 1 48 00c0			# init: 40, 44 frames being built
type 2 44 -			# f: 36 print's frame, 40 its result
type 3 40 0080			# print's frame
string 4 "$Sys"
string 8 "f called\n"
link init 0 1 0x4244b354
import 0 print 0xac849033
code
	load 4(mp), $0, 0(mp)
	frame $2, 40(fp)
	call 40(fp), $F			# the top: called
	frame $2, 40(fp)
	frame $2, 44(fp)
	call 40(fp), $F			# 44's frame lies above it
	ret
F:	frame $3, 36(fp)
	movp 8(mp), 32(36(fp))
	lea 40(fp), 16(36(fp))
	mcall 36(fp), $0, 0(mp)
	ret
