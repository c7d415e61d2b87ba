/* ddk.h -- the few Windows kernel declarations examples/wdm/counter.c uses, written for
 * this example in the shape of the Windows Driver Kit's wdm.h (32-bit x86).  Every kernel
 * function here is declared without a body, as in a real driver build: pycorral links its
 * models of the common ones (spin locks, pool allocation, Interlocked*, IoCompleteRequest,
 * ...) and treats the rest as unknown code that may write the memory they are given. */
#ifndef EXAMPLE_DDK_H
#define EXAMPLE_DDK_H

#define NTAPI __stdcall
#define IN
#define OUT
#define OPTIONAL

typedef unsigned short wchar_t;         /* as the DDK's own crtdefs.h */
typedef long NTSTATUS;
typedef unsigned long ULONG, *PULONG;
typedef unsigned long ULONG_PTR;
typedef long LONG;
typedef unsigned char UCHAR, BOOLEAN, KIRQL, *PKIRQL;
typedef unsigned short USHORT;
typedef wchar_t WCHAR, *PWSTR;
typedef void *PVOID, *HANDLE, **PHANDLE;
typedef __int64 LONGLONG;
typedef ULONG_PTR KSPIN_LOCK, *PKSPIN_LOCK;
typedef ULONG ACCESS_MASK;

#define STATUS_SUCCESS                 ((NTSTATUS)0x00000000L)
#define STATUS_PENDING                 ((NTSTATUS)0x00000103L)
#define STATUS_INVALID_DEVICE_REQUEST  ((NTSTATUS)0xC0000010L)
#define STATUS_INSUFFICIENT_RESOURCES  ((NTSTATUS)0xC000009AL)
#define STATUS_BUFFER_OVERFLOW         ((NTSTATUS)0x80000005L)
#define NT_SUCCESS(s)                  ((NTSTATUS)(s) >= 0)

#define IRP_MJ_CREATE           0x00
#define IRP_MJ_CLOSE            0x02
#define IRP_MJ_READ             0x03
#define IRP_MJ_WRITE            0x04
#define IRP_MJ_DEVICE_CONTROL   0x0e
#define IRP_MJ_MAXIMUM_FUNCTION 0x1b
#define IO_NO_INCREMENT         0
#define NonPagedPool            0
#define PLUGPLAY_REGKEY_DEVICE  1
#define KEY_READ                0x20019
#define WMIREG_ACTION_REGISTER  1
#define WMIREG_ACTION_DEREGISTER 2
#define FILE_DEVICE_UNKNOWN     0x22

typedef struct _UNICODE_STRING {
  USHORT Length;
  USHORT MaximumLength;
  PWSTR Buffer;
} UNICODE_STRING, *PUNICODE_STRING;

#pragma pack(push, 4)
typedef struct _IO_STATUS_BLOCK {
  NTSTATUS Status;
  ULONG_PTR Information;
} IO_STATUS_BLOCK, *PIO_STATUS_BLOCK;
#pragma pack(pop)

typedef struct _IO_STACK_LOCATION {
  UCHAR MajorFunction;
  UCHAR MinorFunction;
  union {
    struct { ULONG Length; ULONG Key; } Read;
    struct { ULONG Length; ULONG Key; } Write;
    struct { ULONG OutputBufferLength; ULONG InputBufferLength;
             ULONG IoControlCode; } DeviceIoControl;
  } Parameters;
} IO_STACK_LOCATION, *PIO_STACK_LOCATION;

typedef struct _IRP {
  IO_STATUS_BLOCK IoStatus;
  PVOID SystemBuffer;
  PIO_STACK_LOCATION CurrentLocation;   /* the DDK reaches it through Tail.Overlay */
} IRP, *PIRP;

typedef struct _DEVICE_OBJECT {
  PVOID DeviceExtension;
  struct _DEVICE_OBJECT *NextDevice;
  ULONG Flags;
} DEVICE_OBJECT, *PDEVICE_OBJECT;

struct _DRIVER_OBJECT;
typedef NTSTATUS NTAPI DRIVER_DISPATCH(PDEVICE_OBJECT DeviceObject, PIRP Irp);
typedef DRIVER_DISPATCH *PDRIVER_DISPATCH;
typedef void NTAPI DRIVER_UNLOAD(struct _DRIVER_OBJECT *DriverObject);

typedef struct _DRIVER_OBJECT {
  PDEVICE_OBJECT DeviceObject;
  PDRIVER_DISPATCH MajorFunction[IRP_MJ_MAXIMUM_FUNCTION + 1];
  DRIVER_UNLOAD *DriverUnload;
} DRIVER_OBJECT, *PDRIVER_OBJECT;

/* -- kernel routines: declared, no bodies ------------------------------------------- */
__declspec(dllimport) void NTAPI IoDeleteDevice(PDEVICE_OBJECT DeviceObject);
__declspec(dllimport) NTSTATUS NTAPI IoOpenDeviceRegistryKey(PDEVICE_OBJECT DeviceObject,
    ULONG DevInstKeyType, ACCESS_MASK DesiredAccess, PHANDLE DevInstRegKey);
__declspec(dllimport) NTSTATUS NTAPI ZwQueryValueKey(HANDLE KeyHandle,
    PUNICODE_STRING ValueName, ULONG KeyValueInformationClass, PVOID KeyValueInformation,
    ULONG Length, PULONG ResultLength);
__declspec(dllimport) NTSTATUS NTAPI ZwClose(HANDLE Handle);
__declspec(dllimport) NTSTATUS NTAPI IoWMIRegistrationControl(PDEVICE_OBJECT DeviceObject,
    ULONG Action);
__declspec(dllimport) void NTAPI KeInitializeSpinLock(PKSPIN_LOCK SpinLock);
__declspec(dllimport) void NTAPI KeAcquireSpinLock(PKSPIN_LOCK SpinLock, PKIRQL OldIrql);
__declspec(dllimport) void NTAPI KeReleaseSpinLock(PKSPIN_LOCK SpinLock, KIRQL NewIrql);
__declspec(dllimport) PVOID NTAPI ExAllocatePoolWithTag(int PoolType, ULONG NumberOfBytes,
    ULONG Tag);
__declspec(dllimport) void NTAPI ExFreePoolWithTag(PVOID P, ULONG Tag);
__declspec(dllimport) LONG __fastcall InterlockedIncrement(LONG volatile *Addend);
__declspec(dllimport) void __fastcall IoCompleteRequest(PIRP Irp, char PriorityBoost);
__declspec(dllimport) ULONG __cdecl DbgPrint(const char *Format, ...);

#define IoGetCurrentIrpStackLocation(irp) ((irp)->CurrentLocation)
#define RtlCopyMemory(d, s, n) memcpy((d), (s), (n))
void *memcpy(void *d, const void *s, unsigned int n);

#endif
