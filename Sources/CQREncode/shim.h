// libqrencode (Debian package libqrencode-dev, Homebrew qrencode): the web front-end draws the QR code
// of its control address with it, rather than with an encoder of our own.
#include <qrencode.h>
