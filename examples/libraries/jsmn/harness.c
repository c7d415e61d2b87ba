/* pycorral harness for jsmn (zserge/jsmn), issue #31: jsmn_parse_string read past the end
   of a text that is not NUL-terminated (jsmn_parse is given its length) when a string
   ended in a backslash escape.  Fixed in cf38b7d ("added js string boundaries checks for
   string parser").

   check_string: a string token cut after one nondeterministic byte ('"' and c1, in a
   heap block of exactly 2 bytes), parsed into 4 tokens: issue #31 alone.
   check_parse: any 3 nondeterministic bytes.  It finds a second bug of that era too: a
   ',' outside any object or array reads tokens[-1] (fixed later, in 824d9a7, "applied fix
   from wireshark"), in the fixed version of issue #31 as well.
   Run: pycorral check harness.c JSMN/jsmn.c -I JSMN --function check_string --memory-safety */
#include <stdlib.h>
#include "jsmn.h"

int check_string(char c1)
{
  jsmn_parser parser;
  jsmntok_t tokens[4];
  char *js = malloc(2);
  int r;
  if (js == 0)
    return 0;
  js[0] = '"';
  js[1] = c1;
  jsmn_init(&parser);
  r = jsmn_parse(&parser, js, 2, tokens, 4);
  free(js);
  return r;
}

int check_parse(char c0, char c1, char c2)
{
  jsmn_parser parser;
  jsmntok_t tokens[4];
  char *js = malloc(3);
  int r;
  if (js == 0)
    return 0;
  js[0] = c0;
  js[1] = c1;
  js[2] = c2;
  jsmn_init(&parser);
  r = jsmn_parse(&parser, js, 3, tokens, 4);
  free(js);
  return r;
}
