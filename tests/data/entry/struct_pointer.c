// A pointer argument points to a fresh object of its type (a typedef of an unnamed struct
// with a nested struct and an array) whose scalars are nondeterministic.
// FLAGS: --function check_account --bound 1
// EXPECT: bug
// VERDICT@check_account: bug
// REPLAY@check_account: confirmed
// FRONTENDS: c llvm
#include <assert.h>
struct money { int units; unsigned char cents; };
typedef struct { struct money balance; short history[3]; _Bool frozen; } account_t;
void check_account(account_t *a)
{
  if (!a->frozen && a->history[2] == 5)
    assert(a->balance.units >= 0 || a->balance.cents != 99);
}
int main(void) { return 0; }
