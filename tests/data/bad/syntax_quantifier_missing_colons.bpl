// ERROR: 3:22: expected '::' but found 'x'
var g: int;
axiom (forall x: int x > g);
