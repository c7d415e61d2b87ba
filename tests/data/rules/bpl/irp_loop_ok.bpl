// EXPECT: no-bug
// FLAGS: --rules irp --bound 4
// irp_loop.bpl with distinct queue entries.
type IRP;
var queue: [int]IRP;
procedure IoCompleteRequest(irp: IRP, boost: int);

procedure {:entrypoint} flush(n: int)
  requires n <= 3;
  requires (forall i, j: int :: 0 <= i && i < j && j < n ==> queue[i] != queue[j]);
{
  var i: int;
  i := 0;
  while (i < n)
  {
    call IoCompleteRequest(queue[i], 0);
    i := i + 1;
  }
}
