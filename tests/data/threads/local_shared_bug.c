// EXPECT: bug
// FLAGS: --context-bound 2 --bound 1
// A local whose address is passed to a thread is shared memory: the two unlocked
// increments race (a read, a context switch, a write), and one update is lost.
#include <assert.h>
#include <pthread.h>

void *worker(void *arg) {
  int *p = (int *)arg;
  *p = *p + 1;
  return 0;
}

int main(void) {
  pthread_t t;
  int n = 0;
  pthread_create(&t, 0, worker, &n);
  n = n + 1;
  pthread_join(t, 0);
  assert(n == 2);
  return 0;
}
