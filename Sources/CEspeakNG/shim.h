// eSpeak NG, the speech synthesizer of the audio front-end (Debian package libespeak-ng-dev; the voices
// come with espeak-ng-data). Only the synchronous API is used: text in, 16-bit mono samples out.
#if __has_include(<espeak-ng/speak_lib.h>)
#include <espeak-ng/speak_lib.h>
#include <espeak-ng/espeak_ng.h>
#else
#error "espeak-ng/speak_lib.h not found: on Debian/Ubuntu run apt-get install libespeak-ng-dev"
#endif
