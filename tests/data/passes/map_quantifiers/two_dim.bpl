// Two-dimensional maps, a guard-free fact, a boolean map, and a calloc-like fact next to a
// call (facts are merged only within one run of assumes).
var H: [int, int]int;
var Valid: [int]bool;
procedure callee();
procedure p(base: int, size: int)
modifies H, Valid;
{
  var G: [int, int]int;
  var Z: [int]int;
  anon0:
    assume (forall o: int, f: int :: 0 <= f && f < size ==> H[o, f] == 0);
    assume (forall x: int :: Z[x] == 7);
    assume (forall x: int :: {Valid[x]} x == base || Valid[x] == old(Valid)[x]);
    call callee();
    assume (forall o: int, f: int :: size <= f || f < 0 ==> G[o, f] == H[o, f]);
    return;
}
