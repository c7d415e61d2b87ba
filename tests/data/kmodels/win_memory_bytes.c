// EXPECT: correct
// FLAGS: --bound 6
// RtlFillMemory fills bytes; RtlCompareMemory counts the leading bytes that are equal.
#include "wdm_lite.h"

UCHAR A[2], B[2];

int main(void) {
  RtlFillMemory(A, 2, 0x5a);
  ASSERT(A[0] == 0x5a && A[1] == 0x5a);
  B[0] = 0x5a;
  B[1] = 0;
  ASSERT(RtlCompareMemory(A, B, 2) == 1);
  return 0;
}
