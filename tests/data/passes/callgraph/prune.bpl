// ENTRY: main
type T;
const c: int;
axiom c == 3;
function f(x: int) returns (int);
var g: int;

procedure main()
  modifies g;
{
  entry:
    call a();
    return;
}

procedure a()
  modifies g;
{
  entry:
    g := f(c);
    call b(1);
    return;
}

procedure b(x: int);
  modifies g;

procedure unused()
{
  entry:
    call unused2();
    return;
}

procedure unused2();

procedure rec_unused();
implementation rec_unused()
{
  entry:
    call rec_unused();
    return;
}
