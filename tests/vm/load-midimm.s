# load-midimm -- a middle immediate has 16 signed bits in the object
# format (Inferno's VM keeps only those: $65535 would be -1 there), so a
# wider one is refused.
module Midimm
entry 0 1
type 0 4 -
type 1 40 -
dsize 0
link init 0 1 0x4244b354
code
	movw $70000, 32(fp)
	bgtw 32(fp), $65535, $3		# x > 16rFFFF, as Minos's limbo once wrote it
	movw $1, 36(fp)
	ret
