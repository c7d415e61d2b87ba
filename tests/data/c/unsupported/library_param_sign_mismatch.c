// REJECT: 'strncmp' declared as
// a declared integer parameter of the other signedness than the model's
// does not fit (a negative int is no size_t): the library model is not used
extern int strncmp(const char *a, const char *b, int n);
int main(void) {
  return strncmp("ab", "ac", 2);   // <-
}
