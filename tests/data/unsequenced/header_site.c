// Calls in headers are not reported (the warning is about the input files' lines).
// WARNING@9: unsequenced modification and access to 'k' in the arguments of 'f'
#include "header_site.h"
int f(int a, int b) { return a + b; }
int main(void)
{
  int k = 0;
  k = in_header(k) + twice_i(&k);
  return f(k++, k);
}
