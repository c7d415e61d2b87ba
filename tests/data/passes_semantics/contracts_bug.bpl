// EXPECT: bug
// The callee's precondition fails for x == 0.
var g: int;

procedure {:inline 1} half(x: int) returns (r: int)
  requires x > 0;
  ensures r + r <= x;
{
  start:
    r := x div 2;
    return;
}

procedure ext(y: int) returns (z: int);
  ensures z > y;

procedure main(x: int)
{
  var r: int;
  start:
    call r := ext(x);
    call r := half(r - 1);
    return;
}
