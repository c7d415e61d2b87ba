var g: int;
var h: int;

procedure {:inline 1} incr(x: int) returns (r: int)
  requires x >= 0;
  free requires g >= 0;
  modifies g;
  ensures r == x + 1;
  ensures g == old(g) + 1;
{
  var t: int;
  start:
    t := x + 1;
    g := g + 1;
    r := t;
    return;
}

procedure main()
  modifies g;
{
  var y: int;
  var t: int;
  start:
    t := 3;
    call y := incr(t);
    call y := incr(y);
    assert y == 5;
    return;
}
