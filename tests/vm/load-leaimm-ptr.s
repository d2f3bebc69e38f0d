# load-leaimm-ptr -- a constant sent by alt (lea $c) on a channel of
# pointers is refused when sent, as send refuses an immediate there.
module Leaimmptr
entry 0 1
type 0 4 -
type 1 72 00e4			# init: 40 c, 52 alt chan
dsize 0
link init 0 1 0x4244b354
code
	newcp , $1, 40(fp)		# chan[1] of string
	movw $1, 44(fp)
	movw $0, 48(fp)
	movp 40(fp), 52(fp)
	lea $4096, 56(fp)		# a forged string pointer
	alt 44(fp), 60(fp)
	ret
