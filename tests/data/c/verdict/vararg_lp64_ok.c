// EXPECT: correct
// FLAGS: --data-model LP64
// 64-bit variable arguments: long values and pointers keep all their bits
#include <stdarg.h>
extern void reach_error(void);
long pick(int which, ...) {
  va_list ap;
  va_start(ap, which);
  long a = va_arg(ap, long);
  char *p = va_arg(ap, char *);
  va_end(ap);
  return which ? a : (long)*p;
}
int main(void) {
  char k = 9;
  if (pick(1, 1L << 40, &k) != (1L << 40)) reach_error();
  if (pick(0, -5L, &k) != 9) reach_error();
  return 0;
}
