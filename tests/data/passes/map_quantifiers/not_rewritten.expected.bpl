var A: [int]int;

var B: [int]int;

procedure p(n: int)
  modifies A, B;
{
  anon0:
    assume (forall x: int :: 0 <= x && x < n ==> A[x] == A[x + n]);
    assume (forall x: int :: B[x + 1] == 0);
    assume B == (lambda x: int :: if x <= 0 then 1 else B[x]);
    assume B == (lambda x: int :: if 0 <= x then 2 else B[x]);
    assume (forall x: int :: A[x] > 0);
    assert A == old(A)[n := A[n]];
    return;
}
