# fuzz-run-gcslot -- a frame whose pointer slot holds a forged value (4096)
# while the collector runs (a big array, then a long loop) crashed it.
# Found by fuzz/run run (the loop bound is the source operand, as a
# middle immediate has only 16 bits); the verifier now refuses the
# word written where the callee's frame has a pointer.
module Fuzz
entry 0 0
type 0 56 0010
type 1 40 0080
type 2 1 -
code
	newa $5000000, $2, 44(fp)
	frame $1, 40(fp)
	movw 40(fp), 48(fp)
	movw $4096, 32(48(fp))
	movw $0, 52(fp)
L:	addw $1, 52(fp)
	bgew $200000, 52(fp), $L
	call 40(fp), $F
	exit
F:	ret
