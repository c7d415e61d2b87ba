// EXPECT: correct
// __SMACK_top_decl (an uninterpreted function, a defined one), __SMACK_decl (a local of the
// injected code), placeholders written: a register variable, an object in memory, a char
// at its own type (@c)
#include "smack.h"
int foo(int x) {
  int y = __VERIFIER_nondet_int();
  __SMACK_top_decl("function FOO(x: i32): i32;");
  __SMACK_code("@ := FOO(@);", y, x);
  return y;
}
int same(int x) {
  __SMACK_decl("var t: i32;");
  int y;
  __SMACK_code("t := @; @ := t;", x, y);
  return y;
}
int in_memory(int x) {
  int z = 0;
  int *pz = &z;
  __SMACK_code("@ := @;", z, x);
  return *pz;
}
char char_id(char c) {
  char r = 0;
  __SMACK_top_decl("function ID8(x: i8): i8 { x }");
  __SMACK_code("@c := ID8(@c);", r, c);
  return r;
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  char c = __VERIFIER_nondet_char();
  assert(foo(42) == foo(42));
  assert(same(n) == n);
  assert(in_memory(n) == n);
  assert(char_id(c) == c);
  return 0;
}
