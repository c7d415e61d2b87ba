// EXPECT: correct
// FLAGS: --context-bound 2 --bound 1
// POSIX: a RECURSIVE mutex counts its locks (trylock by the owner too); it is free again
// after as many unlocks, and one more unlock is EPERM (1).
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

int main(void) {
  pthread_mutex_t m;
  pthread_mutexattr_t a;
  pthread_mutexattr_init(&a);
  pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE);
  pthread_mutex_init(&m, &a);
  assert(pthread_mutex_lock(&m) == 0);
  assert(pthread_mutex_lock(&m) == 0);
  assert(pthread_mutex_trylock(&m) == 0);
  assert(pthread_mutex_unlock(&m) == 0);
  assert(pthread_mutex_unlock(&m) == 0);
  assert(pthread_mutex_unlock(&m) == 0);
  assert(pthread_mutex_unlock(&m) == 1);
  return 0;
}
