// ERROR: 5:10: undeclared function 'f'
function g(x: int) : int;
procedure P()
{
  assume f(1) == g(2);
}
