// EXPECT: possible-bug
// FLAGS: --bound 2 --encoding bv
// A function without a body receives a byte-level object: it may write any of its
// bytes (externs havoc the byte map), so the reachable change must not be lost -- the
// error is reached, as a possible bug: it rests on what fill writes.
extern void reach_error(void);
extern void fill(void *p);
union W { unsigned int whole; unsigned short half[2]; };
int main(void) {
  union W w;
  w.whole = 0;
  fill(&w);
  if (w.half[1] == 9) reach_error();
  return 0;
}
