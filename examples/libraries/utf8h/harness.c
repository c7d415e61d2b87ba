/* pycorral harness for utf8.h (sheredom/utf8.h), issue #102: utf8nvalid(str, n) read
   str[n] (one byte past the n it was given) when the last code point ended exactly at n.
   Fixed in 963d7cb ("Fix a utf8nvalid out-of-bounds").

   check_nvalid: N nondeterministic bytes in a heap block of exactly N bytes, checked
   with utf8nvalid(s, N).
   Run: pycorral check harness.c -I UTF8 --function check_nvalid --memory-safety */
#include <stdlib.h>
#include "utf8.h"

#define N 2

int check_nvalid(char c0, char c1)
{
  char *s = malloc(N);
  int ok;
  if (s == 0)
    return 0;
  s[0] = c0;
  s[1] = c1;
  ok = utf8nvalid((utf8_int8_t *)s, N) == 0;
  free(s);
  return ok;
}
