// Every query on this program is slow: the assertion fails only at a factorization of
// 1000000007 * 1000000009 (nonlinear integer arithmetic), which z3 does not find quickly.
procedure main(x: int, y: int)
{
  assume x > 1 && y > 1;
  assert x * y != 1000000016000000063;
}
