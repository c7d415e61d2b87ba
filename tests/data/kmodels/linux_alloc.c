// EXPECT: correct
// FLAGS: --bound 3
// kzalloc zeroes the block it returns; the allocation is checked.
#include "linux_lite.h"

struct packet { int len; short flags; char *data; };

int main(void) {
  struct packet *p = kzalloc(sizeof(*p), GFP_KERNEL);
  if (p == NULL)
    return -ENOMEM;
  BUG_ON(p->len != 0 || p->flags != 0 || p->data != NULL);
  kfree(p);
  return 0;
}
