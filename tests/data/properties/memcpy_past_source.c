// EXPECT: bug
// PROPERTY: pointer_dereference
// FLAGS: --memory-safety --bound 2
// inih's issue #107 in small: a copy of size - 1 bytes whatever the source's length reads
// 41 bytes out of an 8-byte block.  The whole range is checked at the call, so the bug is
// found at a bound far below the copy's length (the C model's byte loop alone would need 9).
#include <stdlib.h>
#include <string.h>
int main(void) {
  char *line = malloc(8);
  char *section = malloc(42);
  size_t size = 42;                  /* a variable: the copy is the C model's byte loop */
  if (line == 0 || section == 0) {
    free(line);
    free(section);
    return 0;
  }
  memset(line, 'x', 8);
  memcpy(section, line, size - 1);  // <-
  section[size - 1] = 0;
  free(line);
  free(section);
  return 0;
}
