// EXPECT: correct
var n: int;

procedure {:inline 2} down()
  modifies n;
  ensures n <= 0 || n == old(n);
{
  start:
    goto stop, more;
  stop:
    assume n <= 0;
    return;
  more:
    assume n > 0;
    n := n - 1;
    call down();
    return;
}

procedure main()
  modifies n;
{
  start:
    call down();
    assert n <= 0 || n >= 0;
    return;
}
