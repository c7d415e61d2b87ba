/* pycorral's pthread.h lives in threads/ (a folder the LLVM front end puts before the
   system headers); the C front end finds it through this file. */
#include "threads/pthread.h"
