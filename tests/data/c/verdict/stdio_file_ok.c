// EXPECT: correct
// FLAGS: --bound 6
// The file models (frontend/include/pycorral_stdio.c): fopen gives NULL or a FILE; fgets
// gives NULL or its buffer, a NUL-terminated line of at most n - 1 bytes.  Two lines at most:
// the loop is then bounded and the answer a proof.
#include <stdio.h>
#include <string.h>
extern void reach_error(void);
int main(void) {
  char buf[4];
  int lines = 0;
  FILE *f = fopen("x.ini", "r");
  if (f == 0)
    return 0;
  while (lines < 2 && fgets(buf, sizeof buf, f) != 0) {
    lines++;
    if (strlen(buf) > 3)
      reach_error();
  }
  fclose(f);
  return 0;
}
