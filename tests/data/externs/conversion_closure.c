// A pointer cast to a prefix struct: the object is still the whole struct (C: the closure
// over the program's pointer conversions).
// EXPECT: possible-bug
// PURE: correct
// HAVOCS@c: $M.i16 $M.i32
#include <assert.h>
struct A { int x; };
struct B { int x; short y; };
void touch(struct A *a);
int main(void) {
  struct B b = { 1, 2 };
  touch((struct A *)&b);
  assert(b.y == 2);
  return 0;
}
