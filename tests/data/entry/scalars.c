// --function with integer arguments: any values of their types.
// FLAGS: --function classify --bound 1
// EXPECT: bug
// VERDICT@classify: bug
// REPLAY@classify: confirmed
// FRONTENDS: c llvm
#include <assert.h>
int classify(int x, unsigned char c, long n)
{
  if (x == -7 && c == 200 && n > 100000)
    assert(0);
  return x + c;
}
int main(void) { return classify(1, 2, 3); }
