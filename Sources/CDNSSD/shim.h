// The DNS-SD C API: Avahi's compat libdns_sd on Linux (pkg-config avahi-compat-libdns_sd, Debian
// package libavahi-compat-libdnssd-dev), the system's own on macOS.
//
// The header is found here rather than through pkg-config because pkg-config's cflags for Avahi
// carry -D_REENTRANT, which SwiftPM refuses with a warning on every build.
#if __has_include(<avahi-compat-libdns_sd/dns_sd.h>)
#include <avahi-compat-libdns_sd/dns_sd.h>
#elif __has_include(<dns_sd.h>)
#include <dns_sd.h>
#else
#error "dns_sd.h not found: on Debian/Ubuntu run apt-get install libavahi-compat-libdnssd-dev"
#endif
