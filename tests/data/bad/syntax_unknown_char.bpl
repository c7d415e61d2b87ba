// ERROR: 4:10: unknown character '@'
procedure main()
{
  assume @x;
}
