// Fuzz seed (pycorral's own): two procedures with an assertion each, one of them reached.
var a: int;
var b: int;

procedure left()
{
  assert a == 3;
}

procedure right()
{
  assert a == 4;
}

procedure {:entrypoint} main()
modifies a, b;
{
  b := 1;
  if (*) { assume b == 1; } else { assume b == 2; }
  havoc a;
  if (*) { call left(); } else { call right(); }
}
