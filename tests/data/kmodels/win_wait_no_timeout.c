// EXPECT: correct
// FLAGS: --bound 3
// Without a timeout and not alertable, a wait returns STATUS_SUCCESS.
#include "wdm_lite.h"

KEVENT Done;

int main(void) {
  NTSTATUS status;
  KeInitializeEvent(&Done, SynchronizationEvent, FALSE);
  KeSetEvent(&Done, 0, FALSE);
  status = KeWaitForSingleObject(&Done, Executive, KernelMode, FALSE, NULL);
  ASSERT(status == STATUS_SUCCESS);
  KeClearEvent(&Done);
  DbgPrint("waited: %d\n", (int)status);
  return 0;
}
