// RunningTask.c: the running task's address, read from the Swift runtime without retaining the task.
//
// The standard library's withUnsafeCurrentTask asks the same function (as _getCurrentAsyncTask) and then retains
// the task for the body; a realm checks which task runs on every property write, where that retain and its release
// were a fifth of a loop's time. The runtime function is declared here with the Swift calling convention it is
// defined with; its result is converted to a number and never dereferenced, so nothing here depends on the task's
// layout or keeps it alive.

#include "CStrataRuntime.h"

extern void *swift_task_getCurrent(void) __attribute__((swiftcall));

uintptr_t strata_running_task(void) { return (uintptr_t)swift_task_getCurrent(); }
