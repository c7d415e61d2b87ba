// EXPECT: bug
// strncmp compares at most n characters, memcmp exactly n bytes; the sign of the result is
// all the C standard fixes.  The bug: a nondeterministic byte makes the prefixes differ.
#include <string.h>
extern void reach_error(void);
extern char __VERIFIER_nondet_char(void);
int main(void) {
  char a[6] = "hello";
  char b[6] = "help!";
  if (strncmp(a, b, 3) != 0) reach_error();     /* "hel" == "hel": never */
  if (strncmp(a, b, 4) >= 0) reach_error();     /* 'l' < 'p': never */
  if (memcmp(a, b, 2) != 0) reach_error();      /* never */
  b[0] = __VERIFIER_nondet_char();
  if (memcmp(a, b, 2) != 0) reach_error();      /* the bug: b[0] != 'h' */
  return 0;
}
