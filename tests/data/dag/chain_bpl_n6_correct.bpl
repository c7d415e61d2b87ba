// EXPECT: correct
// FLAGS: --bound 1
// The chain of PLDI 2015 Fig. 2 with N = 6.
var g: int;

procedure main()
  modifies g;
{
  g := 0;
  call P0();
}

procedure P0()
  modifies g;
{
  var c: bool;
  // g == 0 on entry
  if (c) {
    g := g + 1;
    call P1();
  } else {
    g := g + 2; g := g - 1;
    call P1();
  }
}

procedure P1()
  modifies g;
{
  var c: bool;
  // g == 1 on entry
  if (c) {
    g := g + 1;
    call P2();
  } else {
    g := g + 2; g := g - 1;
    call P2();
  }
}

procedure P2()
  modifies g;
{
  var c: bool;
  // g == 2 on entry
  if (c) {
    g := g + 1;
    call P3();
  } else {
    g := g + 2; g := g - 1;
    call P3();
  }
}

procedure P3()
  modifies g;
{
  var c: bool;
  // g == 3 on entry
  if (c) {
    g := g + 1;
    call P4();
  } else {
    g := g + 2; g := g - 1;
    call P4();
  }
}

procedure P4()
  modifies g;
{
  var c: bool;
  // g == 4 on entry
  if (c) {
    g := g + 1;
    call P5();
  } else {
    g := g + 2; g := g - 1;
    call P5();
  }
}

procedure P5()
  modifies g;
{
  var c: bool;
  // g == 5 on entry
  if (c) {
    g := g + 1;
    call P6();
  } else {
    g := g + 2; g := g - 1;
    call P6();
  }
}

procedure P6()
{
  assert g == 6;
}
