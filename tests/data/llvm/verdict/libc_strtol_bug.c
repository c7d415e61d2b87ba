// EXPECT: bug
// strtol in base 16 reads a digit 'b' or 'B' as 11: reachable with a nondeterministic byte.
#include <stdlib.h>
extern void reach_error(void);
extern char __VERIFIER_nondet_char(void);
int main(void) {
  char s[2];
  char *e;
  s[0] = __VERIFIER_nondet_char();
  s[1] = 0;
  if (strtol(s, &e, 16) == 11 && e == s + 1)
    reach_error();
  return 0;
}
