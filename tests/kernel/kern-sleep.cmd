sleep 0.2 & sleep 0.1 & wait; echo slept
