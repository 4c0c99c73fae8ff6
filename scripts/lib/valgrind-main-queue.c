/* Preloaded (LD_PRELOAD) into a Swift program run under valgrind, by scripts/benchmark-efficiency.

   A Swift program with an async main parks its main thread in libdispatch's dispatch_main(), which
   pthread_exit()s that thread and serves the main queue from elsewhere; valgrind 3.19 (Debian 12) then
   crashes ("the 'impossible' happened") at the next thread the program creates. This dispatch_main
   keeps the main thread and drains the main queue on it instead, as CoreFoundation's run loop does on
   Linux: it waits on the main queue's event file descriptor and runs what is queued each time it is
   signalled. It never returns; the program ends with exit(), as an async main does. */
#include <errno.h>
#include <poll.h>
#include <stdint.h>
#include <unistd.h>

/* libdispatch's run-loop interface on Linux (the handle is an eventfd). */
int _dispatch_get_main_queue_handle_4CF(void);
void _dispatch_main_queue_callback_4CF(void *message);

void dispatch_main(void) {
    int handle = _dispatch_get_main_queue_handle_4CF();
    for (;;) {
        struct pollfd ready = {.fd = handle, .events = POLLIN};
        if (poll(&ready, 1, -1) < 0 && errno != EINTR) continue;
        uint64_t signalled;
        if (read(handle, &signalled, sizeof signalled) < 0 && errno != EAGAIN && errno != EINTR) continue;
        _dispatch_main_queue_callback_4CF(0);
    }
}
