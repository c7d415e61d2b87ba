// EXPECT: bug
// FLAGS: --bound 5
// Variable arguments read in a loop: the sum is right, so reach_error is reached
#include <stdarg.h>
extern void reach_error(void);
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
  if (sum(3, 1, 2, -3) == 0) reach_error();
  return 0;
}
