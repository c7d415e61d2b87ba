// EXPECT: bug
// REPLAY: confirmed
// FLAGS: --bound 3
// Pool allocation can fail (the model returns NULL nondeterministically): a driver that
// does not check it is found, and the native replay (the model compiled in) confirms it.
#include "wdm_lite.h"

typedef struct _DEVICE_EXTENSION { LONG OpenCount; PUCHAR Buffer; } DEVICE_EXTENSION;

NTSTATUS CreateExtension(DEVICE_EXTENSION **out) {
  DEVICE_EXTENSION *ext = ExAllocatePoolWithTag(NonPagedPool, sizeof(*ext), 'dvxE');
  ASSERT(ext != NULL);                /* stands for the dereference below */
  ext->OpenCount = 0;
  *out = ext;
  return STATUS_SUCCESS;
}

int main(void) {
  DEVICE_EXTENSION *ext;
  return (int)CreateExtension(&ext);
}
