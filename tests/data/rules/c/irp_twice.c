// EXPECT: bug
// FLAGS: --rules irp --bound 2
// VIOLATION: irp: IRP completed twice
// AT: 22:3
// A dispatch routine completes the IRP on its error path and then again at the end.
typedef struct _IRP { int status; int information; } IRP;
void IofCompleteRequest(IRP *irp, char boost) { }
int __VERIFIER_nondet_int(void);

IRP irp1, irp2;

int dispatch_read(IRP *irp) {
  int length = __VERIFIER_nondet_int();
  int status = 0;
  if (length < 0) {
    irp->status = status = -1;
    IofCompleteRequest(irp, 0);
    /* bug: no return here */
  } else {
    irp->information = length;
  }
  IofCompleteRequest(irp, 0);
  return status;
}

int main(void) {
  dispatch_read(&irp1);
  dispatch_read(&irp2);
  return 0;
}
