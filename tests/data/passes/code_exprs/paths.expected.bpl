var g: int;

procedure main()
  modifies g;
{
  anon0:
    g := 3;
    assert (exists ce$x: int :: (exists ce$x_1: int :: ce$x_1 > g && ce$x_1 == 4) || (exists ce$x_1: int :: ce$x_1 > g && ce$x_1 + 1 > 4));
    return;
}
