// EXPECT: correct
type T;
const unique a, b: T;
const k: int;
axiom k > 3;
procedure {:entrypoint} main() {
  assert a != b;
  assert k >= 4;
}
