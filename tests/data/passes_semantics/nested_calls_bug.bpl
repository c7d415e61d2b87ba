// EXPECT: bug
var total: int;

procedure add(k: int)
  modifies total;
{
  start:
    total := total + k;
    assert total < 1;
    return;
}

procedure main()
  modifies total;
{
  var i: int;
  var j: int;
  total := 0;
  i := 0;
  while (i < 3) {
    j := 0;
    while (j < i) {
      call add(j);
      j := j + 1;
    }
    i := i + 1;
  }
}
