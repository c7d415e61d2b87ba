// EXPECT: bug
// isalpha holds for a lower-case letter too (the <ctype.h> models: pycorral_libc.c).
#include <ctype.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int c = __VERIFIER_nondet_int();
  if (islower(c) && isalpha(c) && isxdigit(c))
    reach_error();            /* c in 'a'..'f' */
  return 0;
}
