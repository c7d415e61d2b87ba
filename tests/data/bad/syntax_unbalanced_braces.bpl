// ERROR: 9:1: found end of file
var x: int;

procedure main()
{
  if (x > 0) {
    x := 1;
}
