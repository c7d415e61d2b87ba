// EXPECT: correct
// FLAGS: --bound 6
// The file models (frontend/include/pycorral_stdio.c): fopen gives NULL or a FILE; fgets
// gives NULL or its buffer, a NUL-terminated line of at most n - 1 bytes.
#include <stdio.h>
#include <string.h>
extern void reach_error(void);
int main(void) {
  char buf[4];
  FILE *f = fopen("x.ini", "r");
  if (f == 0)
    return 0;
  while (fgets(buf, sizeof buf, f) != 0) {
    if (strlen(buf) > 3)
      reach_error();
  }
  fclose(f);
  return 0;
}
