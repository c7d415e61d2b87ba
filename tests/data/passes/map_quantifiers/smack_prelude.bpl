// SMACK's flat-memory prelude: the $Alloc frames become stores, the two $memcpy ensures one
// lambda without self-reference (the second guard is the negation of the first); $obj is
// a function, not a map, and its fact stays quantified.
function $obj(int) returns (int);
var $Mem: [int] int;
var $Alloc: [int] bool;
var $CurrAddr: int;

procedure $malloc(obj_size: int) returns (new: int);
modifies $CurrAddr, $Alloc;
requires obj_size > 0;
ensures new == old($CurrAddr);
ensures (forall x:int :: new <= x && x < new + obj_size ==> $obj(x) == new);
ensures $Alloc[new];
ensures (forall x:int :: {$Alloc[x]} x == new || old($Alloc)[x] == $Alloc[x]);

procedure $free(pointer: int);
modifies $Alloc;
requires $Alloc[pointer];
ensures !$Alloc[pointer];
ensures (forall x:int :: {$Alloc[x]} x == pointer || old($Alloc)[x] == $Alloc[x]);

procedure $memcpy(dest:int, src:int, len:int, align:int, isvolatile:bool);
modifies $Mem;
ensures (forall x:int :: dest <= x && x < dest + len ==> $Mem[x] == old($Mem)[src - dest + x]);
ensures (forall x:int :: !(dest <= x && x < dest + len) ==> $Mem[x] == old($Mem)[x]);
