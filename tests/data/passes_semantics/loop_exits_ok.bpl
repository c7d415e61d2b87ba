// EXPECT: correct
// Same shape; the assertion behind the `found` exit holds (g - old(g) is the last i).
var g: int;

procedure main(n: int) returns (i: int)
  modifies g;
{
  start:
    i := 0;
    goto head;
  head:
    goto body, notfound;
  body:
    assume i < n;
    goto hit, miss;
  hit:
    assume i == 2;
    goto found;
  miss:
    assume i != 2;
    i := i + 1;
    g := old(g) + i;
    goto head;
  notfound:
    assume i >= n;
    assert i < 3 || i == n;
    return;
  found:
    assert g == old(g) + 2;
    return;
}
