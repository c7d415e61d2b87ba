// EXPECT: bug
// An uninterpreted function of __SMACK_top_decl: FOO(42) and FOO(43) may differ
#include "smack.h"
int foo(int x) {
  int y = __VERIFIER_nondet_int();
  __SMACK_top_decl("function FOO(x: i32): i32;");
  __SMACK_code("@ := FOO(@);", y, x);
  return y;
}
int main(void) {
  int a = foo(42);
  int b = foo(43);
  assert(a == b);
  return 0;
}
