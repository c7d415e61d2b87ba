// EXPECT: correct
// SLOW: bv
// (bv: z3 past 60 s on the calloc/realloc facts since the f32 maps are split by class,
// 7 s before; the program without its memcpy part times out either way)
// Block operations on floats: memset writes the float of its byte pattern (0xff bytes are
// a NaN, zero bytes +0.0), memcpy copies patterns, calloc'd doubles are +0.0, realloc keeps
// them.
#include <string.h>
#include <stdlib.h>
extern void reach_error(void);
extern float __VERIFIER_nondet_float(void);
int main(void) {
  float a[3] = {1.0f, 2.0f, 3.0f};
  float b[3];
  memset(a, 0, sizeof a);
  if (a[1] != 0.0f || 1.0f / a[1] < 0.0f) reach_error();
  a[2] = __VERIFIER_nondet_float();
  memcpy(b, a, sizeof a);
  if (b[2] != a[2] && a[2] == a[2]) reach_error();
  memset(a, 0xff, sizeof a);
  if (a[0] == a[0]) reach_error();
  double *d = calloc(4, sizeof(double));
  if (!d) return 0;
  if (d[3] != 0.0) reach_error();
  d[1] = 2.5;
  d = realloc(d, 8 * sizeof(double));
  if (d[1] != 2.5 || d[2] != 0.0) reach_error();
  return 0;
}
