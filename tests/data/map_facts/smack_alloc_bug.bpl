// EXPECT: bug
// FLAGS: --bound 2
// Bug twin: b is freed too.
var $Alloc: [int] bool;
var $CurrAddr: int;
procedure $malloc(obj_size: int) returns (new: int);
modifies $CurrAddr, $Alloc;
requires obj_size > 0;
ensures 0 < old($CurrAddr);
ensures new == old($CurrAddr);
ensures $CurrAddr > old($CurrAddr) + obj_size;
ensures $Alloc[new];
ensures (forall x:int :: {$Alloc[x]} x == new || old($Alloc)[x] == $Alloc[x]);
procedure $free(pointer: int);
modifies $Alloc;
requires $Alloc[pointer];
ensures !$Alloc[pointer];
ensures (forall x:int :: {$Alloc[x]} x == pointer || old($Alloc)[x] == $Alloc[x]);

procedure main()
modifies $Alloc, $CurrAddr;
{
  var a: int;
  var b: int;
  assume $CurrAddr > 0;
  call a := $malloc(4);
  call b := $malloc(8);
  call $free(a);
  call $free(b);
  assert $Alloc[b];
  assert !$Alloc[a];
}
