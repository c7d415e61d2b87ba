// WHAT: a source that typedefs wchar_t and size_t itself, as the DDK's headers do
//   (MSVC: wchar_t is unsigned short), after including headers that define both
//   (stddef.h, stdlib.h): accepted, and sizeof(wchar_t) is 2.
// EXPECT: bug
// FLAGS: --data-model ILP32 --bound 5
#include <stddef.h>
#include <stdlib.h>
typedef unsigned short wchar_t;
typedef unsigned int size_t;
typedef wchar_t WCHAR;
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  WCHAR name[4] = {'d', 'r', 'v', 0};
  size_t n = 0;
  while (n < 4 && name[n] != 0)
    n++;
  if (sizeof(WCHAR) != 2 || n != 3) return 0;
  if (__VERIFIER_nondet_int() == 5)
    reach_error();
  return 0;
}
