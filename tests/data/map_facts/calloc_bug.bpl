// EXPECT: bug
// FLAGS: --bound 2
// Bug twin: the cell past the block was not cleared.
var Mem.i32: [int]int;
var Mem.ptr: [int]int;
procedure main()
modifies Mem.i32, Mem.ptr;
{
  var p: int;
  var n: int;
  var i: int;
  assume p > 0 && n > 0 && n < 100;
  havoc Mem.i32, Mem.ptr;
  assume (forall a: int :: {Mem.i32[a]} p <= a && a < p + 4 * n ==> Mem.i32[a] == 0);
  assume (forall a: int :: {Mem.ptr[a]} p <= a && a < p + 4 * n ==> Mem.ptr[a] == 0);
  assume 0 <= i && i < n;
  assert Mem.i32[p + 4 * i] == 0;
  Mem.i32[p] := 1;
  assert Mem.ptr[p + 4 * n] == 0;
}
