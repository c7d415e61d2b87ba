/* examples/driver_race.c with the device lock taken around every update of the counters:
   no bug within the context bound (see that file). */
#define USE_LOCK 1
#include "driver_race.c"
