# load-leaimm -- alt sends a constant: `lea $7, a' gives the address of
# the constant in the instruction, as Inferno's limbo writes for
# alt { c <-= 7 => ... }.  The loader takes it; the value arrives.
module Leaimm
entry 0 1
type 0 12 e0			# 0 $Sys, 4 "$Sys", 8 "%d\n"
type 1 80 00e4			# init: 40 c, 52 alt chan (68: print frame, not a heap pointer)
type 2 40 0080			# print's frame, one int after the format
string 4 "$Sys"
string 8 "%d\n"
link init 0 1 0x4244b354
import 0 print 0xac849033
code
	load 4(mp), $0, 0(mp)
	newcw , $1, 40(fp)		# chan[1] of int
	movw $1, 44(fp)			# one send
	movw $0, 48(fp)			# no receive
	movp 40(fp), 52(fp)
	lea $7, 56(fp)
	alt 44(fp), 60(fp)
	recv 40(fp), 64(fp)
	frame $2, 68(fp)
	movp 8(mp), 32(68(fp))
	movw 64(fp), 36(68(fp))
	lea 76(fp), 16(68(fp))
	mcall 68(fp), $0, 0(mp)
	ret
