procedure {:inline 1} id(a: int) returns (b: int);
  ensures b == a;

implementation id(x: int) returns (y: int)
{
  var a: int;
  start:
    a := x;
    y := a;
    return;
}

procedure main()
{
  var v: int;
  start:
    call v := id(7);
    assert v == 7;
    return;
}
