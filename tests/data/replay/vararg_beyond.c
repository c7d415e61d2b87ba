// REPLAY: not_replayable
// A va_arg read beyond the arguments passed (undefined behaviour) is a value the harness
// cannot fix: the native run reads whatever is there.
#include <stdarg.h>
extern void reach_error(void);
int second(int n, ...) {
  va_list ap;
  va_start(ap, n);
  int a = va_arg(ap, int);
  int b = va_arg(ap, int);
  va_end(ap);
  return a + b;
}
int main(void) {
  if (second(1, 1) == 1234567) reach_error();
  return 0;
}
