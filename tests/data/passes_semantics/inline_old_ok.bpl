// EXPECT: correct
// old(g) inside an inlined body means g at the call, not at the caller's entry.
var g: int;

procedure {:inline 1} bump(k: int) returns (r: int)
  modifies g;
  ensures g == old(g) + k;
  ensures r == old(g);
{
  start:
    r := old(g);
    g := g + k;
    return;
}

procedure main(k: int)
  modifies g;
{
  var r: int;
  start:
    g := 2;
    call r := bump(k);
    assert r == 2;
    assert g == 2 + k;
    return;
}
