// EXPECT: correct
// FLAGS: --bound 3
// The same allocation checked; two blocks of different types are fresh and disjoint, and
// passing them to `void *` parameters (ExFreePool) keeps the typed heap maps.
#include "wdm_lite.h"

typedef struct _DEVICE_EXTENSION { LONG OpenCount; PUCHAR Buffer; } DEVICE_EXTENSION;
typedef struct _REQUEST { UCHAR Kind; short Length; } REQUEST;

int main(void) {
  DEVICE_EXTENSION *ext = ExAllocatePoolWithTag(NonPagedPool, sizeof(*ext), 'dvxE');
  REQUEST *req = (REQUEST *)ExAllocatePool(PagedPool, sizeof(REQUEST));
  if (ext == NULL || req == NULL)
    return (int)STATUS_INSUFFICIENT_RESOURCES;
  ext->OpenCount = 7;
  req->Length = 3;
  ASSERT((void *)ext != (void *)req);
  ASSERT(ext->OpenCount == 7 && req->Length == 3);
  ExFreePool(req);
  ExFreePoolWithTag(ext, 'dvxE');
  return 0;
}
