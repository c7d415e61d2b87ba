procedure main(n: int) returns (r: int)
{
  var x: int;
  var unused: int;
  x := 0;
  while (x < n) {
    x := x + 1;
  }
  r := x;
  assert x >= n;
}
