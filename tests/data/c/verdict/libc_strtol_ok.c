// EXPECT: correct
// strtol with endptr and base 16/0 (glibc's scan: white space, sign, 0x prefix) and atoi.
#include <stdlib.h>
extern void reach_error(void);
int main(void) {
  char *e;
  const char *s = "-0x1f";
  long v = strtol(s, &e, 16);
  if (v != -31 || e != s + 5)
    reach_error();
  if (strtol("0x", &e, 0) != 0 || *e != 'x')
    reach_error();
  if (atoi("-7") != -7)
    reach_error();
  return 0;
}
