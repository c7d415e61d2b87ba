// The inertial-refinement paper's loopf (seed paper 003, Fig. 1 and Sec. IV-A) as Boogie:
// j accumulates 2*i over i = 0..n-1, and the exit assertion j < 2*n fails only when n >= 3
// (j = 0, 0, 2, 6 after 0..3 iterations).  The paper's assertion `n >= 0 && j < 2*n` also
// fails at n <= 0 (j = 0), contrary to its text; we assert `n <= 0 || j < 2*n`, which
// fails exactly when n >= 3, as the text says.
//
// The pipeline extracts the loop into a tail-recursive procedure; its recursive call is
// the placeholder "one more iteration" (Sec. IV-A's π1+, π2+, ...).  REF-IR blocks it,
// gets UNSAT, the MCS is that one call, expands one iteration, and again: the witness
// needs the fourth iteration's call blocked (the paper's "fourth iteration").
// EXPECT: bug
procedure {:entrypoint} loopf(n: int)
{
  var i: int;
  var j: int;
  i := 0;
  j := 0;
  while (i < n) {
    j := j + 2 * i;
    i := i + 1;
  }
  assert n <= 0 || j < 2 * n;
}
