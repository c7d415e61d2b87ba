// Calls inside code expressions: a body-less callee (havoc of outputs and modifies,
// ensures as guards, old(g) is g at the call) and a callee with a body (its paths).
var g: int;

procedure inc(k: int) returns (r: int);
  modifies g;
  ensures g == old(g) + k && r == old(g);

procedure p(a: int) returns (r: int)
  modifies g;
{
  S: goto L, R;
  L: assume a > 0; r := a; g := g + 1; return;
  R: assume a <= 0; r := 0 - a; return;
}

procedure main(z: int)
  modifies g;
{
  assert |{ var y: int; A: call y := inc(2); return y == old(g) && g == 5; }|;
  assert |{ var y: int; A: call y := p(z); return y >= 0; }|;
}
