// EXPECT: bug
// FLAGS: --context-bound 2 --bound 1
// SLOW: several context switches (-m slow)
// The result of thread one is its own block, holding 1: asserting 2 fails.
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

void *one(void *arg) {
  int *x = malloc(sizeof(int));
  if (!x)
    pthread_exit(0);
  *x = 1;
  pthread_exit(x);
  return 0;
}

void *two(void *arg) {
  int *x = malloc(sizeof(int));
  if (!x)
    return 0;
  *x = 2;
  return x;
}

int main(void) {
  pthread_t a, b;
  int *r;
  pthread_create(&a, 0, one, 0);
  pthread_create(&b, 0, two, 0);
  pthread_join(a, (void **)&r);
  assert(!r || *r == 2);
  pthread_join(b, 0);
  return 0;
}
