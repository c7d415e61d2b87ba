// Example 2's foo (see foo.bpl) with both of the paper's assertions: x > c (its line 7)
// fails inside foo alone (p = 0 sets x to c), so the first BLOCK query, bar and neg
// blocked, is already a witness and nothing is expanded.
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
  assert x > c;
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
