// ERROR: unsupported
procedure main()
{
  start:
    assert |{ var i: int; A: i := 0; goto B; B: i := i + 1; goto B, C; C: return i > 0; }|;
    return;
}
