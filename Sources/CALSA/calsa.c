#include "calsa.h"

// ALSA's error handler is variadic, which Swift cannot implement: this one, in C, drops the message.
static void materunner_alsa_silent(const char *file, int line, const char *function, int err, const char *fmt, ...) {
    (void)file; (void)line; (void)function; (void)err; (void)fmt;
}

void materunner_alsa_quiet(void) {
    snd_lib_error_set_handler(materunner_alsa_silent);
}
