var a: int;

var b: int;

var c: [int]int;

var d: bool;

procedure p1()
  modifies a, b, c, d;
{
  entry:
    a := 1;
    call p2();
    return;
}

procedure p2()
  modifies a, b, c, d;
{
  entry:
    c[0] := 1;
    goto l1, l2;

  l1:
    call p1();
    return;

  l2:
    call d := ext();
    return;
}

procedure ext() returns (r: bool);
  modifies b;

procedure top()
  modifies d, a, b, c;
{
  var a: int;

  entry:
    a := 5;
    havoc a;
    call p1();
    return;
}
