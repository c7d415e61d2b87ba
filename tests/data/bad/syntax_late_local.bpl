// ERROR: 5:3: local variables must be declared at the start of the body
procedure main()
{
  assume true;
  var x: int;
}
