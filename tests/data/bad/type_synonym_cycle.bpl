// ERROR: 2:6: type synonym 'A' is defined in terms of itself
type A = B;
type B = [int]A;
var x: A;
