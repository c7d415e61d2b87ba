// EXPECT: correct
// FLAGS: --bound 5
#include <string.h>
extern void reach_error(void);
int main(void) {
  char s[5] = "abca";
  if (strchr(s, 'a') != s) reach_error();
  if (strchr(s, 'c') != s + 2) reach_error();
  if (strchr(s, 'z') != 0) reach_error();
  if (strchr(s, 0) != s + 4) reach_error();        /* the terminator is found */
  return 0;
}
