echo a b c | cat | cat | cat | wc -w; echo x | cat | cat; echo y | cat | wc -c
