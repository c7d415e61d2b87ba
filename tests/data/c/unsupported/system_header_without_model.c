// REJECT: header <time.h>: the C front end has no model of it
// Valid C (gcc finds the system's header): unsupported, not bad input; a header that no
// compiler finds stays bad input (tests/test_hostile_c.py).
#include <time.h> // <-
int main(void) {
  return clock() < 0;
}
