// EXPECT: correct
// FLAGS: --context-bound 2 --bound 1
// POSIX: relocking a PTHREAD_MUTEX_NORMAL mutex deadlocks; a deadlock fails no assertion
// (the code after it never runs).
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

int main(void) {
  pthread_mutex_t m;
  pthread_mutexattr_t a;
  pthread_mutexattr_init(&a);
  assert(pthread_mutexattr_settype(&a, PTHREAD_MUTEX_NORMAL) == 0);
  pthread_mutex_init(&m, &a);
  pthread_mutex_lock(&m);
  pthread_mutex_lock(&m);
  assert(0);
  return 0;
}
