// EXPECT: correct
// FLAGS: --bound 5
// strlen counts the bytes before the terminator (model: frontend/include/pycorral_libc.c)
#include <string.h>
extern void reach_error(void);
int main(void) {
  char s[6] = "ab";
  if (strlen(s) != 2) reach_error();
  s[2] = 'c';                 /* s[3] is still 0 */
  if (strlen(s) != 3) reach_error();
  if (strlen(s + 1) != 2) reach_error();
  return 0;
}
