// EXPECT: bug
// FLAGS: --context-bound 2 --bound 1
// Locking a mutex that was never initialised is an error (SMACK's pthread model; its
// pthread/lock_fail.c).
#include <pthread.h>

int main(void) {
  pthread_mutex_t m;
  pthread_mutex_lock(&m);
  pthread_mutex_unlock(&m);
  return 0;
}
