// The data model decides this program's verdict: under ILP32 `long` has 32 bits, under
// LP64 64 (tests/test_data_model.py).
#include <assert.h>
extern void reach_error(void);
int main(void)
{
  if (sizeof(long) != 4 || sizeof(void *) != 4)
    reach_error();
  return 0;
}
