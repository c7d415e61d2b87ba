// EXPECT: correct
// A program's own definition of a C library function wins over the model (both front
// ends): this strlen counts only up to 2; strcmp still comes from the models.
#include <string.h>
extern void reach_error(void);
size_t strlen(const char *s) {
  size_t n = 0;
  while (n < 2 && s[n] != 0)
    n++;
  return n;
}
int main(void) {
  if (strlen("abcdef") != 2) reach_error();
  if (strcmp("ab", "ab") != 0) reach_error();
  return 0;
}
