// EXPECT: correct
// FLAGS: --bound 6
// Function forms of RtlCopyMemory, RtlZeroMemory and RtlMoveMemory (macros over memcpy,
// memset and memmove in the DDK), overlapping blocks included.
#include "wdm_lite.h"

UCHAR A[4], B[4];

int main(void) {
  A[0] = 1; A[1] = 2; A[2] = 3; A[3] = 4;
  RtlCopyMemory(B, A, 4);
  ASSERT(B[3] == 4);
  RtlZeroMemory(B, 2);
  ASSERT(B[1] == 0 && B[2] == 3);
  RtlMoveMemory(A + 1, A, 3);
  ASSERT(A[0] == 1 && A[1] == 1 && A[3] == 3);
  return 0;
}
