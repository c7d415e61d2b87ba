// WHAT: #line directives naming Windows paths (forward slashes, backslashes, GNU's
//   `# N "file"` form, a directive without a file): the trace and the native replay
//   name this file's physical lines; nothing refers to C:/NTDDK.
// EXPECT: bug
// FLAGS: --data-model ILP32 --bound 2 --ms-extensions
// FAILS_AT: 27
// STEPS_AT: 18 25
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
#line 63 "C:/NTDDK/inc/stdio.h"
typedef unsigned int size_t;
#line 1088 "C:\NTDDK\inc\ddk\ntddk.h"
struct _REQ { int code; size_t length; };
# 500 "C:/NTDDK/inc/wdm.h" 1
typedef struct _REQ REQ;
#line 20
static int check(REQ *r) {
  return r->code == 3 && r->length > 8;
}
#line 1 "floppy.c"
int main(void) {
  REQ r;
  r.code = __VERIFIER_nondet_int();
  r.length = 16;
  if (!check(&r))
    return 0;
  reach_error();
  return 0;
}
