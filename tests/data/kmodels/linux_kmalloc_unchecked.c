// EXPECT: bug
// REPLAY: confirmed
// FLAGS: --bound 3
// kmalloc can fail: a driver using the buffer unchecked is found (replayed natively with
// the model compiled in).
#include "linux_lite.h"

struct dev_state { int users; char *buf; };

int dev_open(struct dev_state **out) {
  struct dev_state *st = kmalloc(sizeof(*st), GFP_KERNEL);
  BUG_ON(st == NULL);                 /* stands for the dereference below */
  st->users = 1;
  *out = st;
  return 0;
}

int main(void) {
  struct dev_state *st;
  return dev_open(&st);
}
