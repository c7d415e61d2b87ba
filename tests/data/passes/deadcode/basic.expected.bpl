procedure main(x: int)
{
  start:
    assume {:sourceloc "m.c", 1, 1} true;
    goto a;

  a:
    assume x > 0;
    return;
}
