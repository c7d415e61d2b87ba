function $obj(int) : int;

var $Mem: [int]int;

var $Alloc: [int]bool;

var $CurrAddr: int;

procedure $malloc(obj_size: int) returns (new: int);
  requires obj_size > 0;
  modifies $CurrAddr, $Alloc;
  ensures new == old($CurrAddr);
  ensures (forall x: int :: new <= x && x < new + obj_size ==> $obj(x) == new);
  ensures $Alloc[new];
  ensures $Alloc == old($Alloc)[new := $Alloc[new]];

procedure $free(pointer: int);
  requires $Alloc[pointer];
  modifies $Alloc;
  ensures !$Alloc[pointer];
  ensures $Alloc == old($Alloc)[pointer := $Alloc[pointer]];

procedure $memcpy(dest: int, src: int, len: int, align: int, isvolatile: bool);
  modifies $Mem;
  ensures $Mem == (lambda x: int :: if dest <= x && x < dest + len then old($Mem)[src - dest + x] else old($Mem)[x]);
  ensures true;
