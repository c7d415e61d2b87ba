procedure {:inline 1} id(a: int) returns (b: int)
  ensures b == a;
{
  var a_1: int;

  start:
    a_1 := a;
    b := a_1;
    return;
}

procedure main()
{
  var v: int;
  var inline$id$a: int;
  var inline$id$b: int;
  var inline$id$a_1: int;

  start:
    inline$id$a := 7;
    havoc inline$id$b, inline$id$a_1;
    goto inline$id$start;

  inline$id$start:
    inline$id$a_1 := inline$id$a;
    inline$id$b := inline$id$a_1;
    goto inline$id$return;

  inline$id$return:
    assert inline$id$b == inline$id$a;
    v := inline$id$b;
    assert v == 7;
    return;
}
