// Two ways out of the loop (to `found` and to `notfound`) and a `return` inside it.
var g: int;

procedure main(a: [int]int, n: int) returns (i: int)
  modifies g;
{
  start:
    i := 0;
    goto head;
  head:
    goto body, notfound;
  body:
    assume i < n;
    goto hit, miss, bail;
  hit:
    assume a[i] == 0;
    goto found;
  miss:
    assume a[i] != 0;
    i := i + 1;
    g := old(g) + i;
    goto head;
  bail:
    assume a[i] < 0;
    return;
  notfound:
    assume i >= n;
    i := -1;
    return;
  found:
    assert a[i] == 0;
    return;
}
