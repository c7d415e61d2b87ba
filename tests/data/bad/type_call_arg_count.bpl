// ERROR: 5:3: call to 'Q' has 2 argument(s), procedure expects 1
procedure Q(x: int);
procedure P()
{
  call Q(1, 2);
}
