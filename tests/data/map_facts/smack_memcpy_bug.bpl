// EXPECT: bug
// FLAGS: --bound 2
// Bug twin: with n == 1 the second cell is not copied.
// others are unchanged.
var $Mem: [int] int;
procedure $memcpy(dest:int, src:int, len:int);
modifies $Mem;
ensures (forall x:int :: dest <= x && x < dest + len ==> $Mem[x] == old($Mem)[src - dest + x]);
ensures (forall x:int :: !(dest <= x && x < dest + len) ==> $Mem[x] == old($Mem)[x]);

procedure main()
modifies $Mem;
{
  var n: int;
  assume n >= 1 && n <= 50;
  $Mem[100] := 5; $Mem[101] := 6; $Mem[300] := 9;
  call $memcpy(200, 100, n);
  assert $Mem[200] == 5 && $Mem[201] == 6;
  assert $Mem[300] == 9;
  assert $Mem[100] == 5;
}
