// EXPECT: bug
// REPLAY: confirmed
// FLAGS: --bound 3
// The performance counter never goes back and its frequency is positive, but any time
// may pass between two reads: a driver assuming a short interval is wrong.
#include "wdm_lite.h"

int main(void) {
  LARGE_INTEGER freq, t0, t1;
  t0 = KeQueryPerformanceCounter(&freq);
  t1 = KeQueryPerformanceCounter(NULL);
  ASSERT(freq.QuadPart > 0);
  ASSERT(t1.QuadPart >= t0.QuadPart);
  ASSERT(t1.QuadPart - t0.QuadPart < freq.QuadPart);    /* "less than a second": no */
  return 0;
}
