// WHAT: __forceinline and __inline definitions (an ordinary external definition, as
//   MSVC emits it: the native replay links), and the pointer qualifiers __ptr32, __ptr64,
//   __unaligned, __w64 and __assume(e), which mean nothing here.
// EXPECT: bug
// FLAGS: --data-model ILP32 --bound 3
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
typedef unsigned long __w64 ULONG_PTR;
__forceinline int twice(int x) { return x + x; }
__inline int plus1(int x) { return x + 1; }
int read(int * __ptr32 p, int __unaligned *q, int * __ptr64 r) { return *p + *q + *r; }
int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = 1;
  __assume(a > 0);
  if (a < 0 || a > 100) return 0;
  ULONG_PTR addr = (ULONG_PTR)&b;
  if (sizeof(ULONG_PTR) != sizeof(void *) || addr == 0) return 0;
  if (plus1(twice(read(&a, &b, &b))) == 13)    /* a == 4 */
    reach_error();
  return 0;
}
