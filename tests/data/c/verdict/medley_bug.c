// EXPECT: bug
// FLAGS: --data-model LP64 --bound 4 --encoding int
#include <stdlib.h>
#include <string.h>
#include <stdbool.h>
#include <limits.h>
typedef struct node { int v; struct node *next; } node_t;
typedef enum { A = -1, B = 3 } e_t;
static const char *names[] = { "a", "bc", 0 };
int matrix[2][3] = { {1, 2, 3}, {4} };
struct { int x; union { int i; unsigned u; }; } anon = { 1, { 2 } };
int count(node_t *n) { int c = 0; for (; n; n = n->next) c++; return c; }
int compute(int argc) {
  node_t *h = NULL;
  for (int i = 0; i < 3; i++) { node_t *n = malloc(sizeof *n); n->v = i; n->next = h; h = n; }
  bool ok = count(h) == 3;
  e_t e = B;
  char buf[8];
  memset(buf, 0, sizeof(buf));
  memcpy(buf, "hey", 4);
  int m = matrix[1][0] + matrix[0][2] + sizeof(matrix) / sizeof(matrix[0]);
  unsigned long ul = ULONG_MAX;
  long long ll = LLONG_MIN;
  int k = anon.i + anon.x;
  const char *s = names[1];
  int t = s[1] == 'c' ? 1 : 0;
  int arr[] = { [2] = 5, [0] = 1 };
  struct node nn = { .v = 3 }, *pn = &nn;
  pn->next = &nn;
  int z = (int)(ul >> 3) + (int)(ll >> 60) + e + k + t + arr[2] + pn->next->v;
  unsigned char uc = 0xff; uc <<= 1; uc = ~uc;
  z += uc % 3 + -z / 7 + (z ^ 0x55) + (ok ? 1 : 2);
  goto end;
end:
  return m + z + buf[1] + argc;
}
extern void reach_error(void);
int main(void) { if (compute(1) == 202) reach_error(); return 0; }
