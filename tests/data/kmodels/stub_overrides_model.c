// EXPECT: correct
// WITHOUT_STUBS: bug
// STUBS: stubs/pool_never_fails.c
// FLAGS: --bound 3
// The user's stub of ExAllocatePoolWithTag (never NULL) wins over the bundled model
// (which may fail: without the stub the missing check is a bug).
#include "wdm_lite.h"

int main(void) {
  PLONG counter = ExAllocatePoolWithTag(NonPagedPool, sizeof(LONG), 'tnuC');
  ASSERT(counter != NULL);
  *counter = 0;
  InterlockedIncrement(counter);
  ASSERT(*counter == 1);
  return 0;
}
