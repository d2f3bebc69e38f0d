x=(a b c); echo $#x $x^.b; {echo $*} 1 2; for i in $x {echo $i}
