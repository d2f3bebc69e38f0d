sleep 0.2 & echo started; wait; echo done
