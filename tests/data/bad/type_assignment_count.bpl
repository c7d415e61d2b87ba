// ERROR: 6:3: assignment has 2 left-hand side(s) but 1 right-hand side(s)
procedure P()
{
  var x: int;
  var y: int;
  x, y := 1;
}
