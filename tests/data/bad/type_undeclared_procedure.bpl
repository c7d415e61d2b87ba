// ERROR: 5:3: undeclared procedure 'Q'
procedure R();
procedure P()
{
  call Q();
  call R();
}
