// EXPECT: bug
// FLAGS: --bound 5
#include <string.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  char s[4] = "abc";
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 3) return 0;
  s[k] = 0;
  if (strlen(s) == 1) reach_error();      /* k == 1 */
  return 0;
}
