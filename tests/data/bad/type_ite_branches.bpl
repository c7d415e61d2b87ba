// ERROR: 2:26: branches of if-then-else have different types (int and bool)
axiom (forall x: int :: (if x > 0 then x else false) == x);
