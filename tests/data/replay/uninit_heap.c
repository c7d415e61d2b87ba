// REPLAY: not_replayable
// The error needs malloc'd memory that is never written to hold a non-zero value: the
// verifier may choose any contents, the native run gets whatever malloc returns, and
// valgrind shows the read of uninitialised memory.
#include <assert.h>
#include <stdlib.h>
int main(void) {
  int *a = (int *)malloc(4 * sizeof(int));
  a[0] = 0;
  assert(a[0] == 0 && a[3] == 0);
  free(a);
  return 0;
}
