// EXPECT: bounded
// FLAGS: --context-bound 2 --bound 1
// SLOW: several context switches (-m slow)
// POSIX: a joinable thread may be detached (0); detaching one that does not exist is ESRCH;
// the detach-state attribute is kept (JOINABLE / DETACHED, EINVAL otherwise).
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

int x;

void *worker(void *arg) {
  x = 1;
  return 0;
}

int main(void) {
  pthread_t t, u;
  pthread_attr_t a;
  int st = -1;
  pthread_attr_init(&a);
  pthread_attr_getdetachstate(&a, &st);
  assert(st == PTHREAD_CREATE_JOINABLE);
  assert(pthread_attr_setdetachstate(&a, 77) == 22);
  assert(pthread_attr_setdetachstate(&a, PTHREAD_CREATE_DETACHED) == 0);
  pthread_attr_getdetachstate(&a, &st);
  assert(st == PTHREAD_CREATE_DETACHED);
  pthread_create(&u, &a, worker, 0);
  pthread_create(&t, 0, worker, 0);
  assert(pthread_detach(t) == 0);
  assert(pthread_detach(t + 100) == 3);
  return 0;
}
