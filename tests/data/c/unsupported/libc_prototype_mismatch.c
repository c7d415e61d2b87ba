// REJECT: 'strlen' declared as
// a program whose own declaration of a library function differs from the C library's
// cannot use the library model
extern int strlen(const char *s);
int main(void) {
  return strlen("abc");   // <-
}
