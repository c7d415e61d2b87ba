// A `void *` argument points to an object of a type the program converts to or from
// `void *` (here int): other memory (the char array) is kept, in both front ends.
// EXPECT: correct
// PURE: correct
// HAVOCS@c: $M.i32
#include <assert.h>
void wipe(void *p);
int main(void) {
  int a = 1;
  char c[1] = { 2 };
  void *v = &a;
  wipe(v);
  assert(c[0] == 2 && a == a);
  return a;
}
