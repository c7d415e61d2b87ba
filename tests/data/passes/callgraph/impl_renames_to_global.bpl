// ENTRY: main
// ERROR: unsupported
// The implementation's formal `y` corresponds to the procedure's `g`, but the body also
// reads the global `g`: renaming would capture it.
var g: int;
procedure main(g: int);
implementation main(y: int) { start: assume y == g; return; }
