# mcall-nottop -- an mcall of a frame that is not the top of the stack
# (a frame made after it is still there) is an illegal instruction, for
# a builtin as for any callee.
module Mnottop
entry 0 1
type 0 16 f0			# module data: 0 $Sys, 4 "$Sys", 8 format, 12 format
type 1 56 00c0			# init: 40, 44 frames being built, 48 print's result
type 2 40 -			# a frame to leave above
type 3 40 0080			# print's frame
string 4 "$Sys"
string 8 "first\n"
string 12 "second\n"
link init 0 1 0x4244b354
import 0 print 0xac849033
code
	load 4(mp), $0, 0(mp)
	frame $3, 40(fp)
	movp 8(mp), 32(40(fp))
	lea 48(fp), 16(40(fp))
	mcall 40(fp), $0, 0(mp)		# the top: prints
	frame $3, 40(fp)
	movp 12(mp), 32(40(fp))
	lea 48(fp), 16(40(fp))
	frame $2, 44(fp)
	mcall 40(fp), $0, 0(mp)		# 44's frame lies above it
	ret
