// ERROR: 3:5: expected identifier but found 'while'
var x: int;
var while: int;
