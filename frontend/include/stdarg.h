/* Variadic functions are not modelled: va_start/va_arg are reported as unsupported. */
typedef __builtin_va_list va_list;
#define va_start(v, l) __builtin_va_start(v, l)
#define va_end(v) __builtin_va_end(v)
#define va_arg(v, t) (*(t *)__builtin_va_arg_pointer(v))
