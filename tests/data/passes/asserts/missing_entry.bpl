// ENTRY: nosuch
// ERROR: undeclared
procedure main()
{
  start:
    return;
}
