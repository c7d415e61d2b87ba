// ERROR: 3:13: expected 'then' but found '{'
var c: bool;
axiom (if c { 1 } else 2) == 1;
