// ERROR: 6:7: 'break Outer' is not inside a statement labeled 'Outer'
procedure main()
{
  Inner:
  while (*) {
      break Outer;
  }
}
