# load-datalink -- an importer of load-datalib links its data (.mp)
# like a function, reads it through the Modlink's first word (the
# module data, as Inferno's limbo reads d->x), and calls get.  Calling
# the data link itself is an illegal instruction, not a jump to nowhere.
module Datalink
entry 0 1
type 0 20 f8			# 0 $Sys, 4 "$Sys", 8 format, 12 Datalib, 16 its path
type 1 72 00c2			# init: 56 s
type 2 48 0090			# print's frame: format, int, int, string
string 4 "$Sys"
string 8 "%d %d %s\n"
string 16 "load-datalib.dis"
link init 0 1 0x4244b354
import 0 print 0xac849033
import 1 .mp 0x11223344
import 1 get 0x616977e8
code
	load 4(mp), $0, 0(mp)
	load 16(mp), $1, 12(mp)
	mframe 12(mp), $1, 40(fp)
	lea 44(fp), 16(40(fp))
	mcall 40(fp), $1, 12(mp)
	movw 0(12(mp)), 48(fp)		# the library's module data
	movw 0(48(fp)), 52(fp)		# x
	movp 4(48(fp)), 56(fp)		# s
	frame $2, 60(fp)
	movp 8(mp), 32(60(fp))
	movw 52(fp), 36(60(fp))
	movw 44(fp), 40(60(fp))
	movp 56(fp), 44(60(fp))
	lea 64(fp), 16(60(fp))
	mcall 60(fp), $0, 0(mp)
	mframe 12(mp), $0, 68(fp)	# the data link: no function
	ret
