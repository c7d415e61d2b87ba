// EXPECT: correct
var g: int;

procedure half(x: int) returns (r: int)
  requires x > 0;
  ensures r + r <= x;
  ensures r >= 0;
{
  start:
    r := x div 2;
    return;
}

procedure ext(y: int) returns (z: int);
  ensures z > y;
  ensures z < y + 2;

procedure main(x: int)
  requires x >= 0;
{
  var r: int;
  start:
    call r := ext(x);
    call r := half(r);
    assert r <= x;
    return;
}
