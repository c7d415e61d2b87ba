// EXPECT: correct
// SLOW: bv-LP64 bv-ILP32
// (bit-vector division by 10 and 16 in the digit loop: 64-bit past 60 s in z3 here; ILP32 31 s alone, past 60 s beside the suite)
// snprintf (frontend/include/pycorral_printf.c) writes glibc's digits, NUL and length.
#include <stdio.h>
extern void reach_error(void);
int main(void) {
  char buf[8];
  int r = snprintf(buf, sizeof buf, "%d", -42);
  if (r != 3 || buf[0] != '-' || buf[1] != '4' || buf[2] != '2' || buf[3] != 0)
    reach_error();
  return 0;
}
