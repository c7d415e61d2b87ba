// ERROR: 4:8: undeclared variable or constant 'y'
procedure P() returns (r: int)
{
  r := y + 1;
}
