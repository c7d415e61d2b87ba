/* pycorral harness for inih (benhoyt/inih), issue #107: strncpy0 copied size - 1 bytes
   with memcpy whatever the length of its source, reading past the end of the line buffer
   when a section name sat near its end.  Fixed in d7f4657 ("Fix #107").

   The line buffer is INI_MAX_LINE bytes; built with -DINI_MAX_LINE=8 (a documented
   compile-time option) any "[x]" line is near its end: copying a section name reads
   MAX_SECTION - 1 = 49 bytes from an 8-byte buffer.
   check_section: "[", one nondeterministic byte, "]" (and a NUL), parsed by
   ini_parse_string with a handler that accepts everything.
   Run: pycorral check harness.c INIH/ini.c -I INIH -DINI_MAX_LINE=8 \
          --function check_section --memory-safety */
#include "ini.h"

static int accept(void *user, const char *section, const char *name, const char *value)
{
  (void)user; (void)section; (void)name; (void)value;
  return 1;
}

int check_section(char c1)
{
  char text[4];
  text[0] = '[';
  text[1] = c1;
  text[2] = ']';
  text[3] = 0;
  return ini_parse_string(text, accept, 0);
}
