// EXPECT: correct
// FLAGS: --context-bound 2 --bound 1
// POSIX: an ERRORCHECK mutex returns EDEADLK (35) for a relock and EPERM (1) for an unlock of
// a mutex the thread does not hold; an invalid type is EINVAL (22).
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

int main(void) {
  pthread_mutex_t m;
  pthread_mutexattr_t a;
  pthread_mutexattr_init(&a);
  assert(pthread_mutexattr_settype(&a, 12345) == 22);
  pthread_mutexattr_settype(&a, PTHREAD_MUTEX_ERRORCHECK);
  pthread_mutex_init(&m, &a);
  assert(pthread_mutex_unlock(&m) == 1);
  assert(pthread_mutex_lock(&m) == 0);
  assert(pthread_mutex_lock(&m) == 35);
  assert(pthread_mutex_unlock(&m) == 0);
  assert(pthread_mutex_unlock(&m) == 1);
  return 0;
}
