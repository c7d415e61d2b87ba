/* pycorral harness for inih (benhoyt/inih), issue #107: strncpy0 copied size - 1 bytes
   with memcpy whatever the length of its source, reading past the end of the line buffer
   when a section name sat near its end.  Fixed in d7f4657 ("Fix #107").

   The line buffer is on the heap, INI_INITIAL_ALLOC bytes, when built with
   -DINI_USE_STACK=0 -DINI_INITIAL_ALLOC=4 (documented compile-time options): every "[...]"
   line is then near its end, and copying a section name reads MAX_SECTION - 1 = 49 bytes
   from a 4-byte heap block (AddressSanitizer: heap-buffer-overflow in strncpy0).  (With the
   default stack buffer and -DINI_MAX_LINE=4 or 8 the copy's range also runs into `section`,
   the next stack object, and AddressSanitizer reports memcpy-param-overlap instead.)
   check_section: ini_parse_stream (the library's entry for any reader) with a reader of
   our own that gives one line of two nondeterministic bytes (then a NUL) and then the end
   of the input, and a handler that accepts everything.  "[]" is the shortest section
   line: the smallest input that reaches the bug.  (ini_parse_string's own reader loops
   over a string and reads a struct through `void *stream`; this one is smaller.)
   Not decided here yet (examples/libraries/README.md): both front ends time out.
   Run: pycorral check harness.c INIH/ini.c -I INIH -DINI_USE_STACK=0 \
          -DINI_INITIAL_ALLOC=4 --function check_section --memory-safety --bound 4 */
#include "ini.h"

static char first, second;
static int lines_read;

static char *one_line(char *str, int num, void *stream)
{
  (void)stream;
  if (lines_read || num < 3)
    return 0;
  lines_read = 1;
  str[0] = first;
  str[1] = second;
  str[2] = 0;
  return str;
}

static int accept(void *user, const char *section, const char *name, const char *value)
{
  (void)user; (void)section; (void)name; (void)value;
  return 1;
}

int check_section(char c0, char c1)
{
  first = c0;
  second = c1;
  lines_read = 0;
  return ini_parse_stream(one_line, 0, accept, 0);
}
