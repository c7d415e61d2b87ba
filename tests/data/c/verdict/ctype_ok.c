// EXPECT: correct
// The <ctype.h> models (frontend/include/pycorral_libc.c; the LLVM front end calls them
// through glibc's ctype.h compiled with -D__NO_CTYPE): the "C" locale's classes.
#include <ctype.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int c = __VERIFIER_nondet_int();
  if (isspace(c) && !(c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\v' || c == '\f'))
    reach_error();
  if (!(tolower('Q') == 'q' && toupper('q') == 'Q' && isdigit('7') && !isalpha('7')))
    reach_error();
  if (!(isxdigit('F') && !isxdigit('g') && ispunct('!') && !ispunct('a') && isalnum('z')))
    reach_error();
  if (isupper(c) && !(tolower(c) != c && isalpha(c) && !islower(c)))
    reach_error();
  if (isspace(-1) || tolower(200) != 200 || isprint('\n') || !isblank('\t'))
    reach_error();
  return 0;
}
