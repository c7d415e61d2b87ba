// EXPECT: bug
// FLAGS: --context-bound 2 --bound 1
// SLOW: several context switches (-m slow)
// A RECURSIVE mutex locked twice and unlocked once is still held: another thread's
// trylock fails (EBUSY), so its assertion of success fails.
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

pthread_mutex_t m;

void *worker(void *arg) {
  assert(pthread_mutex_trylock(&m) == 0);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_mutexattr_t a;
  pthread_mutexattr_init(&a);
  pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE);
  pthread_mutex_init(&m, &a);
  pthread_mutex_lock(&m);
  pthread_mutex_lock(&m);
  pthread_mutex_unlock(&m);
  pthread_create(&t, 0, worker, 0);
  pthread_join(t, 0);
  return 0;
}
