// Two paths (goto B, C), a havoc, assignments substituted forward, the local bound.
var g: int;

procedure main()
  modifies g;
{
  g := 3;
  assert |{ var x: int; A: havoc x; assume x > g; goto B, C; B: x := x + 1; return x > 4; C: return x == 4; }|;
}
