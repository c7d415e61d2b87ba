// REJECT: thread-local variable 'x' in a program that starts threads
// Each thread has its own `x`; one shared cell would let the thread's write reach main's
// read, a false bug (the assertion holds: main reads its own copy).
#include <assert.h>
#include <pthread.h>
__thread int x; // <-
void *t(void *a) { x = 1; return 0; }
int main(void) {
  pthread_t id;
  pthread_create(&id, 0, t, 0);
  x = 0;
  assert(x == 0);
  pthread_join(id, 0);
  return 0;
}
