// EXPECT: bug
// REPLAY: confirmed
// FLAGS: --bound 4
// A reference count released once too often: InterlockedDecrement returns the new value,
// and the object is freed while a reference is still taken.
#include "wdm_lite.h"

typedef struct _OBJECT { LONG RefCount; BOOLEAN Freed; } OBJECT;
OBJECT Obj = { 1, FALSE };
extern int __VERIFIER_nondet_int(void);

void Reference(OBJECT *o) { InterlockedIncrement(&o->RefCount); }
void Dereference(OBJECT *o) {
  if (InterlockedDecrement(&o->RefCount) == 0)
    o->Freed = TRUE;
}

int main(void) {
  Reference(&Obj);
  Dereference(&Obj);
  if (__VERIFIER_nondet_int())        /* an error path releases the caller's reference too */
    Dereference(&Obj);
  ASSERT(!Obj.Freed);
  Dereference(&Obj);
  return 0;
}
