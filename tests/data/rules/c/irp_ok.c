// EXPECT: correct
// FLAGS: --rules irp --bound 2
// irp_twice.c fixed: each IRP is completed once, on the path that handles it.
typedef struct _IRP { int status; int information; } IRP;
void IofCompleteRequest(IRP *irp, char boost) { }
int __VERIFIER_nondet_int(void);

IRP irp1, irp2;

int dispatch_read(IRP *irp) {
  int length = __VERIFIER_nondet_int();
  if (length < 0) {
    irp->status = -1;
    IofCompleteRequest(irp, 0);
    return -1;
  }
  irp->information = length;
  IofCompleteRequest(irp, 0);
  return 0;
}

int main(void) {
  dispatch_read(&irp1);
  dispatch_read(&irp2);
  return 0;
}
