// structs: members, nested structs, pointers to structs, struct assignment
struct inner { char tag; int val; };
struct outer { struct inner in; struct outer *next; long n; };
int main(void) {
  struct outer a, b;
  a.in.tag = 'a';
  a.in.val = 3;
  a.next = &b;
  a.next->n = 9;
  b = a;
  return b.in.val + (int)a.next->n + sizeof(struct outer);
}
