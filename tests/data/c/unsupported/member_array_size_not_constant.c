// REJECT: size of member array 'pad'
// a member array whose size gcc folds to a constant but the front end does not (a
// pointer difference): unsupported, not an array of unknown length (which would give the
// struct the wrong size)
struct A { int a; long d; };
struct B {
  char pad[(char *)&((struct A *)0)->d - (char *)0];   // <-
  long d;
};
struct B b;
int main(void) { return sizeof b; }
