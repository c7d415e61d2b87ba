/* pycorral harness for inih (benhoyt/inih), issue #107: strncpy0 copied size - 1 bytes
   with memcpy whatever the length of its source, reading past the end of the line buffer
   when a section name sat near its end.  Fixed in d7f4657 ("Fix #107"), which makes
   strncpy0 stop at the source's NUL.

   The harness includes ini.c (compile it alone: do not name ini.c on the command line) so
   that it can call the library's static functions directly with --function:

   check_strncpy0: the bug's function as ini_parse_stream calls it for a section line
   ("[name]" cut at the ']'): strncpy0(section, start + 1, sizeof(section)) with `section`
   MAX_SECTION (50) bytes and the name a NUL-terminated string of up to two nondeterministic
   bytes at the end of a 4-byte heap line buffer (what -DINI_USE_STACK=0
   -DINI_INITIAL_ALLOC=4 gives).  The buggy version reads 49 bytes from the 3 left in the
   block (AddressSanitizer: heap-buffer-overflow in strncpy0); the fixed one stops at the NUL.

   check_section_line: the same line after the parser's own helpers: a 4-byte heap line
   "[", c1, c2, NUL; find_chars_or_comment(line + 1, "]") and, on a ']', strncpy0 of the
   name, as ini_parse_stream does.

   check_section: the whole parser, ini_parse_stream with a reader of our own that gives
   one line of two nondeterministic bytes (then a NUL) and then the end of the input, and
   a handler that accepts everything ("[]" reaches the bug).  Not decided yet: both front
   ends time out (examples/libraries/README.md).

   check_section_line is the one scripts/fetch_libraries.py and tests/test_libraries.py run.
   --triggers-only: the memcpy of the symbolic length `size - 1` is a quantified contract
   on which z3 answers "unknown (incomplete quantifiers)" by default, in both front ends;
   read as Boogie and Corral read it, a trace is a bug once the native replay confirms it.
   Run: pycorral check harness.c -I INIH -DINI_USE_STACK=0 -DINI_INITIAL_ALLOC=4 \
          --function check_section_line --memory-safety --bound 4 --triggers-only */
#include <stdlib.h>
#include "ini.c"

int check_strncpy0(char c1, char c2)
{
  char section[MAX_SECTION];
  char *line = (char *)malloc(4);
  if (!line)
    return 0;
  line[0] = '[';
  line[1] = c1;
  line[2] = c2;
  line[3] = '\0';
  strncpy0(section, line + 1, sizeof(section));
  free(line);
  return section[0];
}

int check_section_line(char c1, char c2)
{
  char section[MAX_SECTION];
  char *line = (char *)malloc(4);
  char *end;
  int r = 0;
  if (!line)
    return 0;
  line[0] = '[';
  line[1] = c1;
  line[2] = c2;
  line[3] = '\0';
  end = find_chars_or_comment(line + 1, "]");
  if (*end == ']') {
    *end = '\0';
    strncpy0(section, line + 1, sizeof(section));
    r = section[0];
  }
  free(line);
  return r;
}

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
