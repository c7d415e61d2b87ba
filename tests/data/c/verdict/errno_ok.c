// EXPECT: correct
// FLAGS: --memory-safety
// errno is a modelled int cell (frontend/include/errno.h, pycorral_libc.c): zero at
// program start, written and read through its address like any object (SMACK's
// memory-safety/errno_test.c was rejected for a missing errno.h, then a false alarm).
#include <errno.h>
extern void reach_error(void);
int main(void) {
  int *p = &errno;
  if (errno != 0) reach_error();
  errno = EINVAL;
  if (*p != EINVAL) reach_error();
  *p = ERANGE;
  if (errno != ERANGE) reach_error();
  return 0;
}
