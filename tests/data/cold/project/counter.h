void tick(void);
int ticks_so_far(void);
