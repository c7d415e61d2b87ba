// A "memory" clobber writes what its operands reach (as a function without a body): a
// heap object whose pointer the asm never gets keeps its value.  Memory is split by
// points-to class, so the asm's havoc is of the class its pointer input escapes to.
// EXPECT: correct
#include <assert.h>
#include <stdlib.h>
int main(void) {
  int buf[2] = {1, 2};
  int *p = buf;
  int *q = malloc(sizeof *q);
  if (!q)
    return 0;
  *q = 5;
  asm volatile("# may write *p" : : "r"(p) : "memory");
  assert(*q == 5);
  free(q);
  return 0;
}
