#include <assert.h>
extern unsigned __VERIFIER_nondet_uint(void);
struct flags { unsigned a : 3; unsigned b : 5; int c : 4; };
int main(void) {
  struct flags f;
  f.a = __VERIFIER_nondet_uint();
  f.b = 31;
  f.c = -8;
  assert(f.a <= 7 && f.b == 31 && f.c == -8);
  f.a += 1;
  assert(f.a <= 7);
  return 0;
}
