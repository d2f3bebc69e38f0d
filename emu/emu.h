/*
 * The prelude of emu's C files, kernel headers and the VM's, in one
 * header for the files that include only it (bench.c).
 */
#include "u.h"
#include "../port/lib.h"
#include "mem.h"
#include "dat.h"
#include "fns.h"
#include "../port/error.h"
#include <isa.h>
#include <interp.h>
