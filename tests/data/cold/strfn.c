// EXPECT: bug
// A string function: count the spaces of a nondeterministic string of up to 7
// characters.  The loop stops one character early when the string has 3 or more
// characters before its last space.
#include <assert.h>
extern char __VERIFIER_nondet_char(void);

int count_spaces(const char *s) {
  int n = 0;
  for (int i = 0; s[i] != '\0' && s[i + 1] != '\0'; i++)   /* BUG: misses the last one */
    if (s[i] == ' ')
      n++;
  return n;
}

int main(void) {
  char buf[8];
  int spaces = 0;
  for (int i = 0; i < 7; i++) {
    buf[i] = __VERIFIER_nondet_char();
    if (buf[i] == '\0')
      break;
    if (buf[i] == ' ')
      spaces++;
  }
  buf[7] = '\0';
  assert(count_spaces(buf) == spaces);
  return 0;
}
