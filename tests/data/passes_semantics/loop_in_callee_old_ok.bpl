// EXPECT: correct
// A loop inside a callee reads old(g): it must mean g at the callee's entry, not at the
// loop's entry (g was changed before the loop).
var g: int;

procedure count(n: int)
  modifies g;
  ensures g == old(g) + n;
{
  var i: int;
  g := 0;
  i := 0;
  while (i < n) {
    g := old(g) + i + 1;
    i := i + 1;
  }
  if (n <= 0) {
    g := old(g) + n;
  }
}

procedure main(n: int)
  modifies g;
{
  g := 1;
  call count(n);
  assert g == n + 1;
}
