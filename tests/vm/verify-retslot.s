# verify-retslot -- a function whose paths put a pointer (nil) and an
# integer at one place of its result, 0(16(fp)): whatever its caller
# offers, one of them forges or reads a pointer.  Refused at load.
module Retslot
entry 0 1
dsize 8
type 0 8 80			# 0 nil
type 1 48 0080			# init: 32 r, 36 its frame
type 2 40 -			# mk: 32 n
code
	frame $2, 36(fp)
	movw $1, 32(36(fp))
	lea 32(fp), 16(36(fp))
	call 36(fp), $MK
	ret
MK:	bnew 32(fp), $0, $A
	movp 0(mp), 0(16(fp))
	ret
A:	movw 32(fp), 0(16(fp))
	ret
