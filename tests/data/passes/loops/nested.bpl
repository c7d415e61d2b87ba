var total: int;

procedure step(k: int);
  modifies total;

procedure main()
  modifies total;
{
  var i: int;
  var j: int;
  i := 0;
  while (i < 3) {
    j := 0;
    while (j < i) {
      call step(j);
      j := j + 1;
    }
    i := i + 1;
  }
  assert total >= 0;
}
