// FLAGS: --all-properties --bound 2
// FRONTENDS: boogie
// three assertions fail, each on its own inputs; the fourth holds
procedure {:entrypoint} main(x: int, y: int)
{
  var z: int;
  assert x != 3;
  call z := twice(y);
  assert z != 10;
  assert x + y != 100;
  assert z == y + y;
}

procedure twice(a: int) returns (r: int)
{
  r := a + a;
}
