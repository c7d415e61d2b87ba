// ERROR: 7:1: duplicate label 'L'
procedure main()
{
  var x: int;
L:
  x := 1;
L:
  x := 2;
}
