// Memory-capable input operands ("m", "g") of every form: an expression that is not an
// object (`-x`, an enum constant) is a value, an object's address goes to the asm, and each
// operand is evaluated once (`a[i++]` moves i by one).
// EXPECT: correct
#include <assert.h>
enum { K = 5 };
int main(void) {
  int a[4] = {1, 2, 3, 4};
  int i = 0, r;
  int x = 3;
  asm volatile("" : "=r"(r) : "g"(-x), "g"(K), "m"(a[i++]), "m"(x));
  assert(i == 1);
  assert(a[1] == 2);
  return 0;
}
