// ERROR: 6:5: 'break' outside of a loop
procedure main()
{
  var x: int;
  if (x > 0) {
    break;
  }
}
