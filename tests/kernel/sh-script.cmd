sh /n/local/script a b; ls /n/local
