// CStrataRuntime.h: what Strata asks of the Swift runtime that the standard library does not say cheaply.
//
// strata_running_task: the address of the task running on the calling thread, 0 outside any task. It is the
// runtime's own answer (swift_task_getCurrent), with no retain of the task; callers only compare it as a number.

#ifndef CSTRATARUNTIME_H
#define CSTRATARUNTIME_H

#include <stdint.h>

uintptr_t strata_running_task(void);

#endif
