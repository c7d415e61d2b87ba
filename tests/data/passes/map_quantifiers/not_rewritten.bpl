// Facts this pass must leave alone, or must not merge:
// - the value reads the map it defines (a recurrence, as realloc's copy within one map);
// - the index is not the bound variable;
// - two guards that overlap with different values (x == 0 in both: no merge, each fact
//   becomes its own equation);
// - a quantifier that is not about one map's cells.
var A: [int]int;
var B: [int]int;
procedure p(n: int)
modifies A, B;
{
  anon0:
    assume (forall x: int :: 0 <= x && x < n ==> A[x] == A[x + n]);
    assume (forall x: int :: B[x + 1] == 0);
    assume (forall x: int :: x <= 0 ==> B[x] == 1);
    assume (forall x: int :: 0 <= x ==> B[x] == 2);
    assume (forall x: int :: A[x] > 0);
    assert (forall x: int :: x != n ==> A[x] == old(A)[x]);
    return;
}
