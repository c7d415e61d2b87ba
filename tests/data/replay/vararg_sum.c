// REPLAY: confirmed
// VALUES: 4 => confirmed
// VALUES: 5 => not_reached
// Variable arguments read in a loop, as the native run reads them.
#include <stdarg.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int sum(int n, ...) {
  va_list ap;
  va_start(ap, n);
  int s = 0;
  for (int i = 0; i < n; i++)
    s += va_arg(ap, int);
  va_end(ap);
  return s;
}
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (sum(2, x, 3) == 7) reach_error();
  return 0;
}
