#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 999) return 0;
  char buf[16];
  int len = snprintf(buf, sizeof buf, "%d", n);
  assert(len >= 1 && len <= 3);
  assert(isdigit((unsigned char)buf[0]));
  assert(atoi(buf) == n);
  char *copy = strdup(buf);
  if (copy) {
    assert(strcmp(copy, buf) == 0);
    free(copy);
  }
  return 0;
}
