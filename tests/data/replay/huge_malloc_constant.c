// REPLAY: confirmed
// FRONTENDS: c llvm
// FLAGS: --data-model LP64
// A constant huge request is refused as a variable one is; the allocations after it still
// find room (the LLVM front end used to move its allocation counter past the limit).
#include <stdlib.h>
extern void reach_error(void);
int main(void) {
  char *p = malloc(1UL << 62);
  char *q = malloc(16);
  if (!p && q)
    reach_error();
  free(q);
  return 0;
}
