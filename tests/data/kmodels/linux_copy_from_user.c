// EXPECT: bug
// REPLAY: confirmed
// FLAGS: --bound 3
// copy_from_user may copy only part of the buffer (it returns the number of bytes NOT
// copied and zero-fills the rest): a driver ignoring the result reads a zero.
#include "linux_lite.h"

char user_buf[4] = { 'c', 'm', 'd', '!' };

int dev_write(const char *ubuf, unsigned long len) {
  char kbuf[4];
  if (len > sizeof(kbuf))
    return -EFAULT;
  copy_from_user(kbuf, ubuf, len);    /* result ignored */
  BUG_ON(kbuf[len - 1] == 0);         /* the command's last byte is never zero */
  return (int)len;
}

int main(void) {
  return dev_write(user_buf, 4) < 0;
}
