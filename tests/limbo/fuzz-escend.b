# fuzz crasher: a character constant's backslash at the very end of the file
implement T;
x := '\