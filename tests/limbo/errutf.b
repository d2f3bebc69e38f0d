# errutf -- invalid UTF-8 in an identifier, a string and a character constant
implement Errutf;
xÿy: int;
s := "aÃ(b";
c := 'â(';
ok := "Ã©";
