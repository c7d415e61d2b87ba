// EXPECT: correct
// FLAGS: --encoding int --bound 6
// overlapping moves with a size only known at run time (the byte loop of the model)
#include <string.h>
extern void reach_error(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  char s[6] = "abcde";
  unsigned n = __VERIFIER_nondet_uint();
  if (n != 3) return 0;
  memmove(s + 1, s, n);            /* to the right: a a b c e */
  if (s[1] != 'a' || s[2] != 'b' || s[3] != 'c' || s[4] != 'e') reach_error();
  memmove(s, s + 1, n);            /* back to the left: a b c c e */
  if (s[0] != 'a' || s[1] != 'b' || s[2] != 'c' || s[3] != 'c') reach_error();
  return 0;
}
