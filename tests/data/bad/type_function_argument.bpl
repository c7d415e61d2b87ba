// ERROR: 3:17: argument of type bool passed to function 'f' where int is expected
function f(x: int) : int;
axiom f(1) == f(true);
