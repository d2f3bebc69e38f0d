echo before; cat /nosuch
