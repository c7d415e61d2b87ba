// EXPECT: bug
// FLAGS: --encoding int --bound 6
#include <string.h>
extern void reach_error(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  char s[6] = "abcde";
  unsigned n = __VERIFIER_nondet_uint();
  if (n > 4) return 0;
  memmove(s + 1, s, n);
  if (s[2] == 'b') reach_error();      /* n >= 2: s[2] gets the old s[1] */
  return 0;
}
