// EXPECT: bug
// The twin of c11_macro_headers_ok.c with a wrong expectation. The headers that only define macros: <iso646.h>, <stdalign.h>, <stdnoreturn.h>.
#include <iso646.h>
#include <stdalign.h>
#include <stdnoreturn.h>
#include <stdlib.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
static noreturn void stop(void) { abort(); }
struct S { char c; alignas(8) int x; };
int main(void) {
  int a = __VERIFIER_nondet_int(), b = a;
  unsigned c = 12;
  if (not (a == b) or (5 xor 3) != 6 or compl 0 != -1) reach_error();
  c and_eq 6; c or_eq 1; c xor_eq 1;
  if (c not_eq (12 bitand 6) or (c bitor 8) != 12) reach_error();
  if (c == 4 and a == 12) reach_error();
  if (alignof(struct S) != 8 or __builtin_offsetof(struct S, x) != 8) reach_error();
  if (a == 12345) stop();
  return 0;
}
