// EXPECT: bug
// FLAGS: --context-bound 2 --bound 1
// SLOW: several context switches (-m slow)
// A detached thread still runs: x may be 1 when main reads it.
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

int x;

void *worker(void *arg) {
  x = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  pthread_detach(t);
  assert(x == 0);
  return 0;
}
