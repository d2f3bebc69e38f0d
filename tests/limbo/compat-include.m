# included by compat-include.b, inside a function body and at the top level
	sys->print("included %d\n", n);
