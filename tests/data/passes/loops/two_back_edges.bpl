procedure main()
{
  var x: int;
  start:
    x := 0;
    goto head;
  head:
    goto a, b, out;
  a:
    x := x + 1;
    goto head;
  b:
    x := x + 2;
    goto head;
  out:
    assert x != 7;
    return;
}
