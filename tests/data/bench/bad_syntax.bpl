// bench: bad input; the runner records "error" with the tool's one-line message.
procedure {:entrypoint} main() {
  var x: int
  x := 1;
}
