// EXPECT: correct
// FLAGS: --context-bound 2 --bound 1
// POSIX: pthread_cond_wait with an ERRORCHECK mutex the thread does not hold returns EPERM (1).
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

int main(void) {
  pthread_mutex_t m;
  pthread_mutexattr_t a;
  pthread_cond_t c;
  pthread_mutexattr_init(&a);
  pthread_mutexattr_settype(&a, PTHREAD_MUTEX_ERRORCHECK);
  pthread_mutex_init(&m, &a);
  pthread_cond_init(&c, 0);
  assert(pthread_cond_wait(&c, &m) == 1);
  return 0;
}
