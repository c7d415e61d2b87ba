// inih's strncpy0 (issue #107) next to a function nothing calls that uses malloc/realloc:
// the under-approximate query came back unknown and the over-approximate one found the
// copy's over-read on a path through no open call site -- "unknown: internal error" until
// such a path became a candidate bug, re-checked (verifier/strategies/stratified_inlining.py).
// FLAGS: --function check_copy --memory-safety --bound 3
// EXPECT: bug
// VERDICT@check_copy: bug
// FRONTENDS: llvm
#include <stdlib.h>
#include <string.h>
static char* strncpy0(char* dest, const char* src, size_t size)
{
    memcpy(dest, src, size - 1);
    dest[size - 1] = '\0';
    return dest;
}
int check_copy(char c0)
{
  char section[50];
  char *name = malloc(2);
  if (name == 0)
    return 0;
  name[0] = c0;
  name[1] = '\0';
  strncpy0(section, name, sizeof(section));
  free(name);
  return section[0];
}
static int sz; int g(void){ char *p = malloc(4); char *q = realloc(p, 8); if(!q){free(p);return 0;} sz=8; q[0]=0; free(q); return sz;}
