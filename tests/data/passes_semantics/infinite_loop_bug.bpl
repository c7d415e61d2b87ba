// EXPECT: bug
var g: int;

procedure main()
  modifies g;
{
  start:
    g := 0;
    goto spin;
  spin:
    g := g + 1;
    assert g < 3;
    goto spin;
}
