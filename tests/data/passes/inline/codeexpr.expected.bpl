var g: int;

procedure {:inline 1} foo() returns (x: bool)
{
  anon0:
    x := g == 0;
    return;
}

procedure {:entrypoint} main()
  modifies g;
{
  anon0:
    g := 0;
    assert |{ var b: bool; var inline$foo$x: bool; A: havoc inline$foo$x; goto inline$foo$anon0; inline$foo$anon0: inline$foo$x := g == 0; goto inline$foo$return; inline$foo$return: b := inline$foo$x; return b; }|;
    return;
}
