procedure main(x: int)
{
  start:
    assume true;
    assume {:sourceloc "m.c", 1, 1} true;
    goto a;
  a:
    assume x > 0;
    assume true;
    return;
  dead:
    assume false;
    goto a;
  dead2:
    goto dead;
}
