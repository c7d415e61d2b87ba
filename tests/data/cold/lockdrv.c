// EXPECT: bug
// A driver harness: the lock must alternate acquire/release.  The second request with
// a zero length releases the lock twice.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);

int locked;

void acquire(void) { assert(!locked); locked = 1; }
void release(void) { assert(locked); locked = 0; }

int requests;

void dispatch(int len) {
  acquire();
  requests++;
  if (len == 0 && requests > 1)
    release();                 /* BUG: released here and again below */
  release();
}

int main(void) {
  while (__VERIFIER_nondet_int())
    dispatch(__VERIFIER_nondet_int());
  assert(!locked);
  return 0;
}
