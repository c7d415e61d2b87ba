// EXPECT: correct
// FLAGS: --memory-safety --bound 12
// the correct twin of memcpy_past_source.c: the copy's length is the source's
#include <stdlib.h>
#include <string.h>
int main(void) {
  char *line = malloc(8);
  char *section = malloc(42);
  size_t size = 9;                  /* a variable: the copy is the C model's byte loop */
  if (line == 0 || section == 0) {
    free(line);
    free(section);
    return 0;
  }
  memset(line, 'x', 8);
  memcpy(section, line, size - 1);
  section[size - 1] = 0;
  free(line);
  free(section);
  return 0;
}
