// ENTRY: main
var g: int;

procedure check(x: int) returns (r: int)
  requires {:sourceloc "a.c", 3, 1} x > 0;
  free requires g > 0;
  modifies g;
  ensures r == x;
  free ensures g >= old(g);
{
  start:
    g := g + 1;
    r := x;
    assert {:sourceloc "a.c", 5, 3} r > 0;
    return;
}

procedure ext(y: int) returns (z: int);
  requires y != 0;
  ensures z > y;

procedure quiet(y: int) returns (z: int)
{
  start:
    z := y;
    assert true;
    return;
}

procedure main(n: int) returns (res: int)
  requires n > 1;
  free requires g == 1;
  modifies g;
{
  start:
    call res := check(n);
    call res := ext(res);
    call res := quiet(res);
    assert false;
    return;
}
