// EXPECT: bug
// FLAGS: --context-bound 2 --bound 4
// Main sees the worker's strcpy half done ("a" without the "b"): the trace stops the
// worker in the middle of the C library's strcpy, where a native run cannot stop a
// thread (the system's library has no hooks), so the bug is found but not replayed.
#include <assert.h>
#include <pthread.h>
#include <string.h>
char buf[8];
void *w(void *a) { strcpy(buf, "ab"); return 0; }
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, w, 0);
  char c0 = buf[0];
  char c1 = buf[1];
  assert(!(c0 == 'a' && c1 == 0));
  pthread_join(t, 0);
  return 0;
}
