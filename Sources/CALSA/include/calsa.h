// ALSA, the sound output of the audio front-end (Debian package libasound2-dev).
#ifndef MATERUNNER_CALSA_H
#define MATERUNNER_CALSA_H

#if __has_include(<alsa/asoundlib.h>)
#include <alsa/asoundlib.h>
#else
#error "alsa/asoundlib.h not found: on Debian/Ubuntu run apt-get install libasound2-dev"
#endif

/// Stops ALSA from printing its own error lines on standard error (a front-end touches no descriptor
/// but its own): every failure is reported through the return codes instead. Idempotent.
void materunner_alsa_quiet(void);

#endif
