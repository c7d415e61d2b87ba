// (part of project/: main.c and counter.c are one program)
#include "counter.h"

static int ticks;

void tick(void) {
  ticks = ticks + 1;
  if (ticks == 3)
    ticks = -1;          /* BUG: a wrap-around meant for 30, not 3 */
}

int ticks_so_far(void) { return ticks; }
