// A struct assigned field by field, copied, and passed by pointer.
// EXPECT: bug
// FLAGS: --bound 2 --strategy si --no-replay
#include <assert.h>

extern int __VERIFIER_nondet_int(void);

struct point { int x; int y; };
struct rect { struct point tl; struct point br; unsigned char filled; };

static void move(struct point *p, int dx) {
  p->x = p->x + dx;
  p->y = p->y - dx;
}

int main(void) {
  struct point a;
  a.x = 1;
  a.y = 2;
  struct rect r;
  r.tl = a;
  r.br.x = __VERIFIER_nondet_int();
  r.br.y = r.tl.y + 10;
  r.filled = 200;
  move(&r.br, 3);
  assert(r.br.x != 7);        /* fails when the nondet value was 4 */
  return 0;
}
