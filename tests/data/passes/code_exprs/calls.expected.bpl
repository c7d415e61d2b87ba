var g: int;

procedure inc(k: int) returns (r: int);
  modifies g;
  ensures g == old(g) + k && r == old(g);

procedure p(a: int) returns (r: int)
  modifies g;
{
  S:
    goto L, R;

  L:
    assume a > 0;
    r := a;
    g := g + 1;
    return;

  R:
    assume a <= 0;
    r := 0 - a;
    return;
}

procedure main(z: int)
  modifies g;
{
  anon0:
    assert (exists ce$y: int :: (exists ce$g: int, ce$r: int :: ce$g == g + 2 && ce$r == g && (ce$r == old(g) && ce$g == 5)));
    assert (exists ce$y_1: int :: (exists ce$r_1: int :: z <= 0 && 0 - z >= 0) || (exists ce$r_1: int :: z > 0 && z >= 0));
    return;
}
