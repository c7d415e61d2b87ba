// ERROR: 3:3: unterminated comment
var x: int;
  /* outer /* inner */ still in the outer comment
procedure main();
