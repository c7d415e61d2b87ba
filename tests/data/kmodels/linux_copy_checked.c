// EXPECT: no-bug
// FLAGS: --bound 3 --strategy si
// The same driver checking copy_from_user, and copy_to_user back.  (no-bug: the C front
// end copies a block of variable length with a byte loop, which the bound cuts: bounded;
// the LLVM front end proves it.)
#include "linux_lite.h"

char user_buf[4] = { 'c', 'm', 'd', '!' };
char user_out[4];

int dev_write(const char *ubuf, unsigned long len) {
  char kbuf[4];
  if (len > sizeof(kbuf))
    return -EFAULT;
  if (copy_from_user(kbuf, ubuf, len) != 0)
    return -EFAULT;
  BUG_ON(kbuf[len - 1] != '!');
  if (copy_to_user(user_out, kbuf, len) != 0)
    return -EFAULT;
  BUG_ON(user_out[0] != 'c');
  return (int)len;
}

int main(void) {
  return dev_write(user_buf, 4) < 0;
}
