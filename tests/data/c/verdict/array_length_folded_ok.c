// EXPECT: correct
// Array lengths that are integer constant expressions: sizeof of objects (an array, an
// element, a string literal, members through `.` and `->`), a double constant cast to an
// integer type (C11 6.6p6, truncated); inside a function also a case label, and lengths
// computed from a variable-length array (evaluated there).
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
struct S { int x; long y[3]; } s, *ps;
int a[] = {1, 2, 3};
int b[sizeof(a) / sizeof(a[0])];
char c[sizeof "hello"];
int d[sizeof s.y / sizeof *s.y + sizeof ps->x];
short e[(int)2.99 + (unsigned char)7.5];
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 4) return 0;
  int v[n];
  int w[sizeof v / sizeof v[0]];
  static int f[(int)4.5];
  switch (n) { case sizeof b / sizeof b[0]: assert(n == 3); break; default: break; }
  assert(sizeof b == 3 * sizeof(int) && sizeof c == 6 && sizeof d == 7 * sizeof(int));
  assert(sizeof e == 9 * sizeof(short) && sizeof f == 4 * sizeof(int));
  assert(sizeof w == n * sizeof(int));
  return 0;
}
