// A struct (or union) returned by a function without a body has arbitrary contents, with
// or without --extern-pure.
// EXPECT: possible-bug
// PURE: possible-bug
// HAVOCS@c:
#include <assert.h>
typedef union { struct { unsigned int low; int high; } u; long long quad; } LARGE;
LARGE query_counter(void);
struct pair { int a; int b; };
struct pair get_pair(int k);
int main(void) {
  LARGE t = query_counter();
  struct pair p = get_pair(1);
  if (p.a == 3 && p.b == 4)
    assert(t.u.low != 7);
  return 0;
}
