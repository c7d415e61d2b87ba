// EXPECT: bug
// FLAGS: --context-bound 2 --bound 1
// trylock of a mutex the caller holds fails with EBUSY: expecting success is a bug.
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

int main(void) {
  pthread_mutex_lock(&m);
  assert(pthread_mutex_trylock(&m) == 0);
  return 0;
}
