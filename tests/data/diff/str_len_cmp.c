// EXPECT: bug
// strlen and strcmp of the C library: the models (frontend/include/pycorral_libc.c) in
// both front ends; the bug needs a real string comparison (equal only when 'b' stays).
#include <string.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  char a[4] = "abc";
  char b[4] = "abc";
  if (strlen(a) != 3) reach_error();              /* never */
  if (__VERIFIER_nondet_int()) b[1] = 'x';
  if (strcmp(a, b) > 0) reach_error();            /* "abc" > "axc" is false: never */
  if (strcmp(a, b) == 0) reach_error();           /* the bug: b left unchanged */
  return 0;
}
