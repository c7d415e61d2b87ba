// EXPECT: bug
// FLAGS: --encoding int --bound 5
#include <string.h>
extern void reach_error(void);
extern char __VERIFIER_nondet_char(void);
int main(void) {
  char s[4] = "xyz";
  char c = __VERIFIER_nondet_char();
  if (strchr(s, c) == s + 1) reach_error();        /* c == 'y' */
  return 0;
}
