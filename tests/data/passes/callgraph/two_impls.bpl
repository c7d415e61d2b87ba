// ENTRY: main
// ERROR: unsupported
procedure main();
implementation main() { start: return; }
implementation main() { start: return; }
