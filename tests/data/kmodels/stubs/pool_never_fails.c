/* The user's model of pool allocation for a test bed where the pool never runs out: it
   wins over pycorral's bundled model (which may return NULL). */
#include <stdlib.h>

void *ExAllocatePoolWithTag(int PoolType, unsigned long NumberOfBytes, unsigned long Tag) {
  return malloc(NumberOfBytes);
}
