// EXPECT: bounded
// FLAGS: --context-bound 2 --bound 1
// SLOW: several context switches (-m slow)
// POSIX: pthread_once runs its routine once, whatever the number of threads calling it.
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
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, worker, 0);
  pthread_create(&b, 0, worker, 0);
  pthread_once(&once, init);
  pthread_join(a, 0);
  pthread_join(b, 0);
  assert(runs == 1);
  return 0;
}
