// A struct with a pointer field passed by pointer: what the field points to is written.
// EXPECT: possible-bug
// PURE: correct
// HAVOCS@c: $M.S.data $M.S.n $M.i32
#include <assert.h>
struct S { int *data; int n; };
void fill(struct S *s);
int main(void) {
  int buf = 0;
  struct S s = { &buf, 1 };
  fill(&s);
  assert(buf == 0);
  return 0;
}
