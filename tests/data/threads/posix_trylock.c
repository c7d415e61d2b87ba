// EXPECT: correct
// FLAGS: --context-bound 2 --bound 1
// POSIX: trylock of a held DEFAULT mutex returns EBUSY (16), the caller's own included.
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

int main(void) {
  assert(pthread_mutex_trylock(&m) == 0);
  assert(pthread_mutex_trylock(&m) == 16);
  pthread_mutex_unlock(&m);
  assert(pthread_mutex_trylock(&m) == 0);
  return 0;
}
