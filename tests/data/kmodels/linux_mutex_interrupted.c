// EXPECT: bug
// REPLAY: confirmed
// FLAGS: --bound 3
// mutex_lock_interruptible returns -EINTR when a signal arrives while waiting: a driver
// that takes the mutex for granted is found.
#include "linux_lite.h"

struct mutex io;
int in_use;

int dev_ioctl(void) {
  int rc = mutex_lock_interruptible(&io);
  BUG_ON(rc != 0);                    /* "we hold the mutex now": not after a signal */
  in_use = 1;
  mutex_unlock(&io);
  return 0;
}

int main(void) {
  mutex_init(&io);
  return dev_ioctl();
}
