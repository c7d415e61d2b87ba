/* The Microsoft C dialect as pycorral reads it (pycorral check --ms-extensions; the
   meaning of each spelling is documented in frontend/msdialect.py).  Included before the
   first line of every C file of a program in that dialect (-include), by gcc (the C
   front end's preprocessor and syntax check, the native replay) and by clang (the LLVM
   front end), with -fms-extensions -fshort-wchar -malign-double -fgnu89-inline.
   Self-contained: includes nothing. */
#ifndef PYCORRAL_MSC_H
#define PYCORRAL_MSC_H

/* Calling conventions: no meaning for a verifier (caller and callee are compiled alike). */
#define __cdecl
#define __stdcall
#define __fastcall
#define __thiscall
#define __vectorcall
#define __clrcall
#define _cdecl
#define _stdcall
#define _fastcall

/* Sized integers (MSVC: __int8 is char, __int64 is long long). */
#define __int8 char
#define __int16 short
#define __int32 int
#define __int64 long long

/* Inlining: a plain external definition (-fgnu89-inline: an inline definition is emitted
   as an ordinary function, as MSVC emits one). */
#define __forceinline __inline__

/* Pointer qualifiers of a segmented or mixed 32/64-bit address space: none in ours. */
#define __ptr32
#define __ptr64
#define __sptr
#define __uptr
#define __unaligned
#define __w64

/* An optimizer hint whose failure is undefined behaviour: dropped (more runs, not fewer). */
#define __assume(e) ((void)0)

/* __declspec(x): the GNU attribute of the same meaning, or none (an empty GNU attribute
   list).  One attribute per __declspec; an unknown one becomes an unknown GNU attribute,
   which gcc and clang ignore. */
#define __declspec(x) __attribute__((__pycorral_declspec_##x))
#define __pycorral_declspec_align __aligned__
#define __pycorral_declspec_noreturn __noreturn__
#define __pycorral_declspec_noinline __noinline__
#define __pycorral_declspec_deprecated __deprecated__
#define __pycorral_declspec_selectany __weak__
#define __pycorral_declspec_nothrow __nothrow__
#define __pycorral_declspec_dllimport
#define __pycorral_declspec_dllexport
#define __pycorral_declspec_naked
#define __pycorral_declspec_thread
#define __pycorral_declspec_novtable
#define __pycorral_declspec_noalias
#define __pycorral_declspec_restrict
#define __pycorral_declspec_safebuffers
#define __pycorral_declspec_allocator
#define __pycorral_declspec_process
#define __pycorral_declspec_appdomain
#define __pycorral_declspec_jitintrinsic
#define __pycorral_declspec_no_sanitize_address
#define __pycorral_declspec_allocate(segment)
#define __pycorral_declspec_code_seg(segment)
#define __pycorral_declspec_uuid(id)
#define __pycorral_declspec_spectre(how)
#define __pycorral_declspec_property(...)

/* MSVC's long double is double: the front end reads it so (frontend/c/typesys.py), and
   float.h gives its characteristics */
#define __PYCORRAL_MSC_LONG_DOUBLE 1

#endif
