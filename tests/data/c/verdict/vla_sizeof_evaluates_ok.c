// EXPECT: correct
// FLAGS: --data-model LP64
// sizeof evaluates its operand when the operand's type is a variable-length array type
// (C11 6.5.3.4p2), and only then: `sizeof(int[t++])` and `sizeof m[i++]` increment,
// `sizeof d[j++]` (a row of constant size), `sizeof(int (*)[t++])` (a pointer) and
// `_Alignof(int[t++])` do not.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 4) return 0;
  int t = n;
  unsigned long s = sizeof(int[t++]);
  assert(t == n + 1 && s == n * sizeof(int));
  int m[n][n];
  int i = 0, j = 0;
  s = sizeof m[i++];
  assert(i == 1 && s == n * sizeof(int));
  int c[4][n + 1];
  int d[4][3];
  s = sizeof d[j++];
  assert(j == 0 && s == 3 * sizeof(int));
  s = sizeof c[j++][0];
  assert(j == 0);
  s = sizeof(int (*)[t++]);
  assert(t == n + 1 && s == sizeof(void *));
  s = _Alignof(int[t++]);
  assert(t == n + 1);
  int u = 0;
  if (n > 2 && sizeof(int[u++]) > 0) assert(u == 1);
  assert(u == (n > 2));
  return 0;
}
