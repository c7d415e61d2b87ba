// EXPECT: correct
// FLAGS: --bound 2
// A model linked by a call in a function whose prototype comes before the program's own
// declaration of the modelled routine (as in CIL-merged driver sources) is translated
// once (it used to be emitted twice: "duplicate declaration of procedure").
#include "wdm_lite.h"

int wait_ticks(void);                              /* the caller's prototype first */
extern void KeQueryTickCount(LARGE_INTEGER *Count);

int wait_ticks(void) {
  LARGE_INTEGER start, end;
  KeQueryTickCount(&start);
  KeQueryTickCount(&end);
  return 0;
}

int main(void) {
  ASSERT(wait_ticks() == 0);
  return 0;
}
