// REJECT: size of array 'a' that the front end does not evaluate to a constant
// gcc folds `(int)-2.5` (a warning: "variably modified at file scope"), the front end does
// not (the cast's operand is not a floating constant but a negation): unsupported, not an
// array of unknown length, which would have one element.
int a[(int)-2.5 + 5];   // <-
int main(void) { return sizeof a; }
