cd /tmp; mkdir -p a/b; echo one >a/f; cp a/f a/b/g; mv a/f a/h; ls -F a a/b; cat a/h a/b/g; rm -r a; ls /tmp
