// EXPECT: bounded
// FLAGS: --context-bound 2 --bound 1
// SV-COMP's convention: a call of a __VERIFIER_atomic_* function runs without a context
// switch, so the two increments cannot interleave.
#include <assert.h>
#include <pthread.h>

int x;

void __VERIFIER_atomic_increment(void) {
  x = x + 1;
}

void *worker(void *arg) {
  __VERIFIER_atomic_increment();
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  __VERIFIER_atomic_increment();
  pthread_join(t, 0);
  assert(x == 2);
  return 0;
}
