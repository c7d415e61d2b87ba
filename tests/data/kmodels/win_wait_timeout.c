// EXPECT: bug
// REPLAY: confirmed
// FLAGS: --bound 3
// A wait with a timeout can time out (STATUS_TIMEOUT): assuming success is a bug.
#include "wdm_lite.h"

KEVENT Done;

int main(void) {
  LARGE_INTEGER timeout;
  NTSTATUS status;
  timeout.QuadPart = -10000000;       /* one second, relative */
  KeInitializeEvent(&Done, NotificationEvent, FALSE);
  status = KeWaitForSingleObject(&Done, Executive, KernelMode, FALSE, &timeout);
  ASSERT(status == STATUS_SUCCESS);
  return 0;
}
