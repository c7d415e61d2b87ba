// EXPECT: bug
// strdup copies the string into a fresh block (pycorral_libc.c).
#include <stdlib.h>
#include <string.h>
extern void reach_error(void);
int main(void) {
  char *d = strdup("a");
  if (d != 0 && d[0] == 'a' && d[1] == 0)
    reach_error();
  free(d);
  return 0;
}
