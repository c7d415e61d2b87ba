// ERROR: 3:5: undeclared type 'Foo'
type Bar;
var x: Foo;
var y: Bar;
