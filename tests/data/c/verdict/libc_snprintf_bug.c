// EXPECT: bug
// FLAGS: --encoding int
// SLOW: bv-LP64
// (64-bit bit-vector division by 10 and 16 in the digit loop: past 60 s in z3 here)
// snprintf truncates at the buffer's size but returns the full length.
#include <stdio.h>
extern void reach_error(void);
int main(void) {
  char buf[2];
  int r = snprintf(buf, sizeof buf, "%x", 255);
  if (r == 2 && buf[0] == 'f' && buf[1] == 0)
    reach_error();
  return 0;
}
