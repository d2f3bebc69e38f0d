sleep 100 & sleep 100 & sleep 1; kill Sleep; wait; echo killed; sleep 100 & sleep 1; kill -g Sleep; wait; sleep 1; echo killgrp; ps >/tmp/ps; wc -l </tmp/ps; echo kill > /prog/1/pgrp; echo end
