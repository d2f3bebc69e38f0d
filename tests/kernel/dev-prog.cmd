ls -p /prog/1; cat /prog/1/pgrp; echo; echo bogus > /prog/1/ctl; cat /prog/99999/status; echo kill > /prog/1/status; echo end
