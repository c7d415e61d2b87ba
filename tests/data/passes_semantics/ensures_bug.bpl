// EXPECT: bug
// The postcondition of `inc` is wrong when g starts at 3 (an ensures with old).
var g: int;

procedure inc()
  modifies g;
  ensures g == old(g) + 1;
{
  start:
    goto a, b;
  a:
    assume g != 3;
    g := g + 1;
    return;
  b:
    assume g == 3;
    return;
}

procedure main()
  modifies g;
{
  start:
    call inc();
    return;
}
