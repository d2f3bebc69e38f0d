# fuzz crasher: a pick in an adt whose declaration lost its name to syntax errors
Y:module:f:adt
pick