/* <stdnoreturn.h> of pycorral's C front end (C11 7.23). */
#define noreturn _Noreturn
