# load-mpframe -- a module with large data (60000 bytes) recurses 2000
# deep.  Its data's type is no frame: counted as one, it made every call
# take a 60000-byte stack segment, and the prog ran out of stack (16
# megabytes) after about 280 calls; Inferno's limbo.dis did so compiling itself.
module Mpframe
entry 0 1
type 0 60000 e0			# module data: 0 $Sys, 4 "$Sys", 8 format
type 1 48 00c0			# init
type 2 48 -			# f: 32 n, 36 f(n-1), 40 its callee's frame
type 3 40 0080			# print's frame
string 4 "$Sys"
string 8 "depth %d\n"
link init 0 1 0x4244b354
import 0 print 0xac849033
code
	load 4(mp), $0, 0(mp)
	frame $2, 40(fp)
	movw $2000, 32(40(fp))
	lea 44(fp), 16(40(fp))
	call 40(fp), $F
	frame $3, 40(fp)
	movp 8(mp), 32(40(fp))
	movw 44(fp), 36(40(fp))
	lea 44(fp), 16(40(fp))
	mcall 40(fp), $0, 0(mp)
	ret
F:	beqw 32(fp), $0, $Z		# f(n) = n == 0 ? 0 : f(n-1)+1
	frame $2, 40(fp)
	subw $1, 32(fp), 32(40(fp))
	lea 36(fp), 16(40(fp))
	call 40(fp), $F
	addw $1, 36(fp), 0(16(fp))
	ret
Z:	movw $0, 0(16(fp))
	ret
