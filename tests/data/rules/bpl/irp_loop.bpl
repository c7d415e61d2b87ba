// EXPECT: bug
// FLAGS: --rules irp --bound 4
// VIOLATION: irp: IRP completed twice
// AT: 18:5
// Completing the IRPs of a queue: the loop visits the same IRP twice when the queue has a
// duplicate entry (a user type for the IRP: no NULL, every value is an object).
type IRP;
var queue: [int]IRP;
procedure IoCompleteRequest(irp: IRP, boost: int);

procedure {:entrypoint} flush(n: int)
  requires n <= 3;
{
  var i: int;
  i := 0;
  while (i < n)
  {
    call IoCompleteRequest(queue[i], 0);
    i := i + 1;
  }
}
