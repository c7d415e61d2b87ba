// EXPECT: bug
// FLAGS: --context-bound 2 --bound 1
// SLOW: several context switches (-m slow)
// The joined entry thread's result is what it passed to pthread_exit: asserting NULL fails.
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

int token = 5;
pthread_t main_id;

void *worker(void *arg) {
  void *r = 0;
  pthread_join(main_id, &r);
  assert(r == 0);
  return 0;
}

int main(void) {
  pthread_t t;
  main_id = pthread_self();
  pthread_create(&t, 0, worker, 0);
  pthread_exit(&token);
  return 0;
}
