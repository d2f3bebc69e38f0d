# load-midoff -- a middle operand offset has 16 unsigned bits in the
# object format, so a wider one is refused (even inside the frame).
module Midoff
entry 0 1
type 0 4 -
type 1 70000 -
dsize 0
link init 0 1 0x4244b354
code
	addw 32(fp), 65540(fp), 36(fp)
	ret
