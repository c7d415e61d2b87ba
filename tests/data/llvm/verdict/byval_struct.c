// EXPECT: bug
// A struct passed by value (clang: `ptr byval(%struct.s)`) is the callee's copy; the
// callee's write must not reach the caller's struct, so a.id stays 7 and the assertion
// fails.  (Treating the byval pointer as the caller's memory said "correct".)
#include <assert.h>
struct s { int id; long long wide; int more[4]; };
static void bump(struct s o) { o.id += 100; }
int main(void) { struct s a; a.id = 7; bump(a); assert(a.id != 7); return 0; }
