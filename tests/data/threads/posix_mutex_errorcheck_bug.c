// EXPECT: bug
// FLAGS: --context-bound 2 --bound 1
// POSIX: an ERRORCHECK mutex reports a relock (EDEADLK) and an unlock by a non-owner
// (EPERM); a program that expects success has a bug.
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

int main(void) {
  pthread_mutex_t m;
  pthread_mutexattr_t a;
  int type = -1;
  pthread_mutexattr_init(&a);
  pthread_mutexattr_settype(&a, PTHREAD_MUTEX_ERRORCHECK);
  pthread_mutexattr_gettype(&a, &type);
  assert(type == PTHREAD_MUTEX_ERRORCHECK);
  pthread_mutex_init(&m, &a);
  assert(pthread_mutex_lock(&m) == 0);
  assert(pthread_mutex_lock(&m) == 0);
  return 0;
}
