// EXPECT: bounded
// FLAGS: --context-bound 2 --bound 1
// Two threads each return a malloc'd int by pthread_exit; the results are distinct blocks
// (issue 33: an allocation was two steps, two threads got the same block: a false bug).
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
  int *r, *s;
  pthread_create(&a, 0, one, 0);
  pthread_create(&b, 0, two, 0);
  pthread_join(a, (void **)&r);
  pthread_join(b, (void **)&s);
  assert(!r || *r == 1);
  assert(!s || *s == 2);
  return 0;
}
