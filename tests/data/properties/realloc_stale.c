// EXPECT: bug
// PROPERTY: pointer_dereference
// FLAGS: --memory-safety --bound 2
// SKIP: c-bv: the C front end's quantified copy of the old block (every map) makes the
// query time out; the LLVM front end copies a constant-size block cell by cell
// the old pointer is dangling after realloc moved the block
#include <stdlib.h>
int main(void) {
  int *p = malloc(2 * sizeof(int));
  p[0] = 1;
  int *q = realloc(p, 64 * sizeof(int));
  if (!q)
    return 0;
  int v = p[0];  // <-
  free(q);
  return v;
}
