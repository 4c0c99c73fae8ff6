// libmosquitto's C API (Debian package libmosquitto-dev; Homebrew's mosquitto on macOS): the MQTT client
// under the broker transport (docs/BROKER.md). Found here rather than through pkg-config, as CDNSSD is.
#if __has_include(<mosquitto.h>)
#include <mosquitto.h>
#else
#error "mosquitto.h not found: on Debian/Ubuntu run apt-get install libmosquitto-dev"
#endif
