// libsodium (Debian package libsodium-dev, Homebrew libsodium): crypto_secretbox (XSalsa20-Poly1305), the
// payload encryption of the OwnTracks apps, opened and sealed with the library they use themselves.
#include <sodium.h>
