cd /n/local; plot small.res; bgrep XBASE mixed.res | bcut 1-3; plot -p 1h -z xbase.res; plot -x; echo status $status
