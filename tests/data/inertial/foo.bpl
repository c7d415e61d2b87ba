// The inertial-refinement paper's Example 2 (seed paper 003, Fig. 1 and Sec. IV) as
// Boogie: foo(p, c) sets x to c when p is null, else to bar(*p); when x == c it sets y to
// neg(x), else to 0; the error condition is the assertion y >= 0 (the paper's line 12; its
// line-7 assertion x > c is left out, as Example 2 checks the line-12 EC alone: see
// foo_both.bpl).  bar is "complex" (never needed): here a loop over its argument.
//
// REF-IR, round by round:
//   BLOCK {bar, neg}: UNSAT (y < 0 needs neg)   EXPAND: the MCS is {neg}
//   BLOCK {bar}:      SAT (p = 0, c > 0: x = c, y = -c) -- a bug, bar never inlined.
// EXPECT: bug
var M: [int]int;

procedure {:entrypoint} foo(p: int, c: int)
{
  var x: int;
  var y: int;
  if (p == 0) {
    x := c;
  } else {
    call x := bar(M[p]);
  }
  if (x == c) {
    call y := neg(x);
  } else {
    y := 0;
  }
  assert y >= 0;
}

procedure neg(a: int) returns (r: int)
{
  if (a > 0) {
    r := -a;
  } else {
    r := a;
  }
}

procedure bar(a: int) returns (r: int)
{
  r := 0;
  if (a > 0) {
    call r := bar(a - 1);
    r := r + a * a;
  }
}
