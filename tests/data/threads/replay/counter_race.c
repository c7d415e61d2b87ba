// EXPECT: bug
// FLAGS: --context-bound 2 --bound 1
// Two threads add 1 to a shared counter without a lock: `x = x + 1` is a read and a
// write, and when one thread runs between the other's read and write an update is lost.
// The native replay must stop the first thread exactly between its read and its write.
#include <assert.h>
#include <pthread.h>

int x;

void *worker(void *arg) {
  x = x + 1;
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, worker, 0);
  pthread_create(&b, 0, worker, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  assert(x == 2);
  return 0;
}
