// Fuzz seed (pycorral's own): a loop of five iterations followed by a failing assertion.
procedure {:entrypoint} main()
{
  var n: int;
  n := 0;
  while (n < 5) {
    n := n + 1;
  }
  assert false;
}
