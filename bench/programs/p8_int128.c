#include <assert.h>
extern unsigned long long __VERIFIER_nondet_ulonglong(void);
int main(void) {
  unsigned long long a = __VERIFIER_nondet_ulonglong(), b = __VERIFIER_nondet_ulonglong();
  unsigned __int128 p = (unsigned __int128)a * b;
  assert((unsigned long long)(p >> 64) <= a);
  return 0;
}
