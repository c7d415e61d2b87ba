// EXPECT: correct
// FLAGS: --encoding int --bound 5
#include <string.h>
extern void reach_error(void);
int main(void) {
  if (strncmp("abcx", "abcy", 3) != 0) reach_error();
  if (strncmp("abcx", "abcy", 4) >= 0) reach_error();
  if (strncmp("a", "b", 0) != 0) reach_error();
  if (strncmp("ab", "ab", 9) != 0) reach_error();      /* stops at the terminator */
  return 0;
}
