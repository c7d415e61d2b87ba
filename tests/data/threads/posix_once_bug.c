// EXPECT: bug
// FLAGS: --context-bound 2 --bound 1
// SLOW: several context switches (-m slow)
// pthread_once has run its routine before it returns: in another thread, runs may still be 0
// only before that thread's own call; asserting it is 0 after the call fails.
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

pthread_once_t once = PTHREAD_ONCE_INIT;
int runs;

void init(void) {
  runs = runs + 1;
}

void *worker(void *arg) {
  pthread_once(&once, init);
  assert(runs == 0);
  return 0;
}

int main(void) {
  pthread_t a;
  pthread_create(&a, 0, worker, 0);
  pthread_once(&once, init);
  pthread_join(a, 0);
  return 0;
}
