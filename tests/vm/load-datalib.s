# load-datalib -- a library module whose interface declares data (an
# int and a string), as Inferno's limbo writes it: a link entry named
# .mp with pc -1 and type -1 carries the data's signature.  Loaded by
# load-datalink.
module Datalib
type 0 8 40			# module data: 0 x, 4 s
type 1 40 -			# get's frame
word 0 42
string 4 "hello"
link .mp -1 -1 0x11223344
link get 0 1 0x616977e8
code
	addw $1, 0(mp), 0(16(fp))	# get() returns x+1
	ret
