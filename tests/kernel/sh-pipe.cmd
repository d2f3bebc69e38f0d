echo a b c | wc -w; echo x y | cat | cat
