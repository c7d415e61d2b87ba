// EXPECT: correct
// SLOW: bv-LP64
// The rest of <string.h> (pycorral_libc.c): strrchr, strstr, strspn, strcspn, strtok.
#include <string.h>
extern void reach_error(void);
int main(void) {
  char s[] = "a,b";
  if (strrchr("aba", 'a') == 0 || strstr("xab", "ab") == 0 || strspn("aab", "a") != 2)
    reach_error();
  if (strcmp(strtok(s, ","), "a") != 0 || strcmp(strtok(0, ","), "b") != 0 || strtok(0, ",") != 0)
    reach_error();
  return 0;
}
