var g: int;

var h: int;

procedure {:inline 1} incr(x: int) returns (r: int)
  requires x >= 0;
  free requires g >= 0;
  modifies g;
  ensures r == x + 1;
  ensures g == old(g) + 1;
{
  var t: int;

  start:
    t := x + 1;
    g := g + 1;
    r := t;
    return;
}

procedure main()
  modifies g;
{
  var y: int;
  var t: int;
  var inline$incr$x: int;
  var inline$incr$r: int;
  var inline$incr$t: int;
  var inline$incr$old$g: int;
  var inline$incr$x_1: int;
  var inline$incr$r_1: int;
  var inline$incr$t_1: int;
  var inline$incr$old$g_1: int;

  start:
    t := 3;
    inline$incr$x := t;
    inline$incr$old$g := g;
    havoc inline$incr$r, inline$incr$t;
    assert inline$incr$x >= 0;
    assume g >= 0;
    goto inline$incr$start;

  inline$incr$start:
    inline$incr$t := inline$incr$x + 1;
    g := g + 1;
    inline$incr$r := inline$incr$t;
    goto inline$incr$return;

  inline$incr$return:
    assert inline$incr$r == inline$incr$x + 1;
    assert g == inline$incr$old$g + 1;
    y := inline$incr$r;
    inline$incr$x_1 := y;
    inline$incr$old$g_1 := g;
    havoc inline$incr$r_1, inline$incr$t_1;
    assert inline$incr$x_1 >= 0;
    assume g >= 0;
    goto inline$incr$start_1;

  inline$incr$start_1:
    inline$incr$t_1 := inline$incr$x_1 + 1;
    g := g + 1;
    inline$incr$r_1 := inline$incr$t_1;
    goto inline$incr$return_1;

  inline$incr$return_1:
    assert inline$incr$r_1 == inline$incr$x_1 + 1;
    assert g == inline$incr$old$g_1 + 1;
    y := inline$incr$r_1;
    assert y == 5;
    return;
}
