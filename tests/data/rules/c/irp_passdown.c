// EXPECT: bug
// FLAGS: --rules irp --bound 2
// VIOLATION: irp: IRP passed to the next driver after it was completed
// AT: 17:10
// The IRP is the 2nd argument of IofCallDriver (the rule's `call IofCallDriver(arg2)`).
typedef struct _IRP { int status; } IRP;
typedef struct _DEVICE_OBJECT { int flags; } DEVICE_OBJECT;
void IofCompleteRequest(IRP *irp, char boost) { }
int IofCallDriver(DEVICE_OBJECT *lower, IRP *irp) { return 0; }
int __VERIFIER_nondet_int(void);

DEVICE_OBJECT lower;
IRP irp;

int dispatch_power(IRP *irp) {
  if (__VERIFIER_nondet_int()) IofCompleteRequest(irp, 0);   /* bug: and then passed down */
  return IofCallDriver(&lower, irp);
}

int main(void) {
  return dispatch_power(&irp);
}
