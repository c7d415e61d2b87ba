// EXPECT: bug
// strlen over a string whose terminator position is chosen nondeterministically.
#include <string.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  char s[5] = "aaaa";
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 4) return 0;
  s[k] = 0;
  if (strlen(s) == 2) reach_error();
  return 0;
}
