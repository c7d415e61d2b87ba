// ERROR: 2:18: unterminated string literal
procedure {:name "main} main();
