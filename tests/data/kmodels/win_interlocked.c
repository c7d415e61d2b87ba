// EXPECT: correct
// FLAGS: --bound 3
// Interlocked routines have their sequential meaning, and wrap around as the hardware's.
#include "wdm_lite.h"

LONG Count;

int main(void) {
  LONG big = (LONG)(~0UL >> 1);       /* LONG_MAX of the data model */
  ASSERT(InterlockedIncrement(&Count) == 1 && Count == 1);
  ASSERT(InterlockedDecrement(&Count) == 0 && Count == 0);
  ASSERT(InterlockedExchange(&Count, 5) == 0 && Count == 5);
  ASSERT(InterlockedExchangeAdd(&Count, 3) == 5 && Count == 8);
  ASSERT(InterlockedCompareExchange(&Count, 1, 7) == 8 && Count == 8);
  ASSERT(InterlockedCompareExchange(&Count, 1, 8) == 8 && Count == 1);
  Count = big;
  ASSERT(InterlockedIncrement(&Count) == -big - 1);
  return 0;
}
