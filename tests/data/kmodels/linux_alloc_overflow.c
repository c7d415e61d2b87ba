// EXPECT: correct
// FLAGS: --bound 3
// kcalloc and kmalloc_array refuse a size that overflows, and allocate n * size bytes
// otherwise.
#include "linux_lite.h"

int main(void) {
  char *buf;
  BUG_ON(kcalloc(SIZE_MAX / 2, 4, GFP_KERNEL) != NULL);
  BUG_ON(kmalloc_array(SIZE_MAX / 8, 16, GFP_KERNEL) != NULL);
  buf = kmalloc_array(4, 2, GFP_KERNEL);
  if (buf != NULL) {
    buf[7] = 'x';
    BUG_ON(buf[7] != 'x');
  }
  kfree(buf);
  return 0;
}
