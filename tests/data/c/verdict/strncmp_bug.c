// EXPECT: bug
// FLAGS: --encoding int --bound 5
#include <string.h>
extern void reach_error(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  if (n > 5) return 0;
  if (strncmp("abcx", "abcy", n) < 0) reach_error();   /* n == 4 */
  return 0;
}
