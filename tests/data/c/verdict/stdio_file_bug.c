// EXPECT: bug
// FLAGS: --bound 4
// fgets may read a whole line of n - 1 bytes (frontend/include/pycorral_stdio.c).
#include <stdio.h>
#include <string.h>
extern void reach_error(void);
int main(void) {
  char buf[4];
  FILE *f = fopen("x.ini", "r");
  if (f != 0 && fgets(buf, sizeof buf, f) != 0 && strlen(buf) == 3 && buf[2] == '\n')
    reach_error();
  return 0;
}
