/* A few WDM declarations spelled as the DDK spells them (pycorral's own test header, not
   the DDK's): the kernel routines have no body here, pycorral's models stand in for them
   (frontend/include/models/windows_kernel.c). */
#ifndef WDM_LITE_H
#define WDM_LITE_H

typedef unsigned char UCHAR, *PUCHAR, BOOLEAN, KIRQL, *PKIRQL;
typedef char CCHAR, KPROCESSOR_MODE;
typedef long LONG, *PLONG, NTSTATUS, KPRIORITY;
typedef unsigned long ULONG, *PULONG, ULONG_PTR, SIZE_T, KSPIN_LOCK, *PKSPIN_LOCK;
typedef long long LONGLONG;
typedef void *PVOID;

typedef enum _POOL_TYPE { NonPagedPool, PagedPool } POOL_TYPE;
typedef enum _EVENT_TYPE { NotificationEvent, SynchronizationEvent } EVENT_TYPE;
typedef enum _KWAIT_REASON { Executive } KWAIT_REASON;

typedef struct _KEVENT { UCHAR Type; LONG SignalState; } KEVENT, *PKEVENT, *PRKEVENT;
typedef struct _FAST_MUTEX {
  LONG Count; PVOID Owner; ULONG Contention; KEVENT Event; ULONG OldIrql;
} FAST_MUTEX, *PFAST_MUTEX;
typedef struct _KLOCK_QUEUE_HANDLE { PVOID LockQueue[2]; KIRQL OldIrql; }
  KLOCK_QUEUE_HANDLE, *PKLOCK_QUEUE_HANDLE;
typedef union _LARGE_INTEGER { LONGLONG QuadPart; } LARGE_INTEGER, *PLARGE_INTEGER;

#define FALSE 0
#define TRUE 1
#define NULL ((void *)0)
#define PASSIVE_LEVEL 0
#define APC_LEVEL 1
#define DISPATCH_LEVEL 2
#define KernelMode 0
#define STATUS_SUCCESS ((NTSTATUS)0x00000000L)
#define STATUS_TIMEOUT ((NTSTATUS)0x00000102L)
#define STATUS_INSUFFICIENT_RESOURCES ((NTSTATUS)0xC000009AL)
#define NT_SUCCESS(s) (((NTSTATUS)(s)) >= 0)

PVOID ExAllocatePoolWithTag(POOL_TYPE PoolType, SIZE_T NumberOfBytes, ULONG Tag);
PVOID ExAllocatePool(POOL_TYPE PoolType, SIZE_T NumberOfBytes);
void ExFreePool(PVOID P);
void ExFreePoolWithTag(PVOID P, ULONG Tag);
void RtlZeroMemory(PVOID Destination, SIZE_T Length);
void RtlFillMemory(PVOID Destination, SIZE_T Length, UCHAR Fill);
void RtlCopyMemory(PVOID Destination, const void *Source, SIZE_T Length);
void RtlMoveMemory(PVOID Destination, const void *Source, SIZE_T Length);
SIZE_T RtlCompareMemory(const void *Source1, const void *Source2, SIZE_T Length);

KIRQL KeGetCurrentIrql(void);
void KeRaiseIrql(KIRQL NewIrql, PKIRQL OldIrql);
void KeLowerIrql(KIRQL NewIrql);
void KeInitializeSpinLock(PKSPIN_LOCK SpinLock);
void KeAcquireSpinLock(PKSPIN_LOCK SpinLock, PKIRQL OldIrql);
void KeReleaseSpinLock(PKSPIN_LOCK SpinLock, KIRQL NewIrql);
KIRQL KfAcquireSpinLock(PKSPIN_LOCK SpinLock);
void KfReleaseSpinLock(PKSPIN_LOCK SpinLock, KIRQL NewIrql);
void KeAcquireSpinLockAtDpcLevel(PKSPIN_LOCK SpinLock);
void KeReleaseSpinLockFromDpcLevel(PKSPIN_LOCK SpinLock);
BOOLEAN KeTryToAcquireSpinLockAtDpcLevel(PKSPIN_LOCK SpinLock);
void KeAcquireInStackQueuedSpinLock(PKSPIN_LOCK SpinLock, PKLOCK_QUEUE_HANDLE LockHandle);
void KeReleaseInStackQueuedSpinLock(PKLOCK_QUEUE_HANDLE LockHandle);
void IoAcquireCancelSpinLock(PKIRQL Irql);
void IoReleaseCancelSpinLock(KIRQL Irql);
void ExAcquireFastMutex(PFAST_MUTEX FastMutex);
void ExReleaseFastMutex(PFAST_MUTEX FastMutex);

void KeInitializeEvent(PRKEVENT Event, EVENT_TYPE Type, BOOLEAN State);
LONG KeSetEvent(PRKEVENT Event, KPRIORITY Increment, BOOLEAN Wait);
void KeClearEvent(PRKEVENT Event);
NTSTATUS KeWaitForSingleObject(PVOID Object, KWAIT_REASON WaitReason,
                               KPROCESSOR_MODE WaitMode, BOOLEAN Alertable,
                               PLARGE_INTEGER Timeout);
LARGE_INTEGER KeQueryPerformanceCounter(PLARGE_INTEGER PerformanceFrequency);

LONG InterlockedIncrement(LONG volatile *Addend);
LONG InterlockedDecrement(LONG volatile *Addend);
LONG InterlockedExchange(LONG volatile *Target, LONG Value);
LONG InterlockedExchangeAdd(LONG volatile *Addend, LONG Value);
LONG InterlockedCompareExchange(LONG volatile *Destination, LONG Exchange, LONG Comparand);

ULONG DbgPrint(const char *Format, ...);

extern void reach_error(void);
#define ASSERT(e) do { if (!(e)) reach_error(); } while (0)

#endif
