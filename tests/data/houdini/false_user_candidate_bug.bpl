// EXPECT: bug
// WITHOUT: bug
// FLAGS: --candidates false_user_candidate_bug.cand
// A user candidate claiming the buggy procedure never fails is refuted and dropped: the
// bug is still found.
var g: int;

procedure set(v: int) modifies g; {
  g := v;
  assert g != 7;
}

procedure {:entrypoint} main() modifies g; {
  var v: int;
  havoc v;
  call set(v);
}
