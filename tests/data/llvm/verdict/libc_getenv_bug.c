// EXPECT: bug
// FLAGS: --no-replay
// (a native run calls the real getenv: it cannot confirm the model's choice)
// getenv (pycorral_libc.c) is nondeterministic: NULL or any string.
#include <stdlib.h>
extern void reach_error(void);
int main(void) {
  char *v = getenv("HOME");
  if (v != 0 && v[0] == 'x')
    reach_error();
  return 0;
}
