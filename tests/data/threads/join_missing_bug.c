// EXPECT: bug
// FLAGS: --context-bound 2 --bound 1
// join_result.c without the join: the thread may not have run yet.
#include <assert.h>
#include <pthread.h>

int seen;

void *worker(void *arg) {
  seen = *(int *)arg;
  return arg;
}

int main(void) {
  pthread_t t;
  int v = 7;
  pthread_create(&t, 0, worker, &v);
  assert(seen == 7);
  return 0;
}
