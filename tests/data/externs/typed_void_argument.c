// An `int *` passed to a `void *` parameter: only int memory is written (C: the
// argument's type before the conversion says what the object is).
// EXPECT: correct
// PURE: correct
// HAVOCS@c: $M.i32
#include <assert.h>
void zero(void *p, int n);
int main(void) {
  int a = 1;
  char c[1] = { 2 };
  zero(&a, 4);
  assert(c[0] == 2);
  return 0;
}
