// Several --function entries in one run: each is checked, the result names the function
// with the bug; a static function and a struct passed by value too.
// FLAGS: --function safe_div --function unsafe_div --function area --bound 1
// EXPECT: bug
// VERDICT@safe_div: correct
// VERDICT@unsafe_div: bug
// REPLAY@unsafe_div: confirmed
// VERDICT@area: bug
// REPLAY@area: confirmed
// FRONTENDS: c
#include <assert.h>
struct rect { int w; int h; };
int safe_div(int a, int b)
{
  if (b == 0)
    return 0;
  assert(b != 0);
  return a / b;
}
static int unsafe_div(int a, int b)
{
  assert(b != 0);
  return a / b;
}
int area(struct rect r)
{
  if (r.w > 0 && r.h > 0)
    assert(r.w < 1000 || r.h < 1000);
  return r.w * r.h;
}
int main(void) { return unsafe_div(4, 2); }
