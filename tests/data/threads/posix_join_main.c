// EXPECT: bounded
// FLAGS: --context-bound 2 --bound 1
// POSIX: the entry's thread may end by pthread_exit and be joined by another thread, which
// gets its result; the process goes on while a thread runs.
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

int token = 5;
pthread_t main_id;
int got;

void *worker(void *arg) {
  void *r = 0;
  assert(pthread_join(main_id, &r) == 0);
  assert(r == &token);
  return 0;
}

int main(void) {
  pthread_t t;
  main_id = pthread_self();
  pthread_create(&t, 0, worker, 0);
  pthread_exit(&token);
  return 0;
}
