// ENTRY: main
// ASSERT_VAR: nosuch
// ERROR: undeclared
procedure main()
{
  start:
    assert false;
    return;
}
