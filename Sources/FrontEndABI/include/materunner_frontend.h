/*
 * materunner_frontend.h — the MateRunner front-end plugin ABI.
 *
 * A front-end is a shared library that exports one symbol, MR_FRONTEND_ENTRY_SYMBOL, a function
 * returning a pointer to a static mr_frontend_descriptor (and optionally a second one,
 * MR_FRONTEND_ERROR_STATUS_SYMBOL, below). The host (the `materunner` program)
 * dlopen()s the library, calls the entry, checks abi_version, then:
 *
 *   instance = create(&host, options_json)    once; NULL means failure (see last_error)
 *   deliver(instance, frame_json, length)     for every frame, serially, never concurrently
 *   destroy(instance)                         once, after the last frame
 *
 * Frames and options are UTF-8 JSON objects (see docs/FRONTENDS.md for their schema). A plugin
 * sends input events back through host->send_input at any time between create and destroy, from
 * any thread. The host never dlclose()s a plugin.
 *
 * Compatibility: the host loads a plugin only if its abi_version equals MR_FRONTEND_ABI_VERSION.
 * Any change to this header's structs or calling rules bumps the version.
 */
#ifndef MATERUNNER_FRONTEND_H
#define MATERUNNER_FRONTEND_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The ABI version this header describes. */
#define MR_FRONTEND_ABI_VERSION 1u

/** The name of the one symbol a front-end library exports. */
#define MR_FRONTEND_ENTRY_SYMBOL "materunner_frontend_entry"

/** The host's side, handed to create(). Valid until destroy() returns. */
typedef struct mr_frontend_host {
    /** MR_FRONTEND_ABI_VERSION of the host. */
    uint32_t abi_version;
    /** Opaque; pass back unchanged to send_input. */
    void *context;
    /**
     * Send one input event to the host: a UTF-8 JSON object such as {"type":"cancel"}.
     * The host copies the bytes before returning. Returns 0 if the event was accepted,
     * non-zero if it was malformed or the host is shutting down.
     */
    int32_t (*send_input)(void *context, const char *event_json, size_t length);
} mr_frontend_host;

/** What a front-end library describes about itself. Must stay valid for the process lifetime. */
typedef struct mr_frontend_descriptor {
    /** Must be MR_FRONTEND_ABI_VERSION of the header the plugin was built against. */
    uint32_t abi_version;
    /** Short name, e.g. "text". */
    const char *name;
    /** The plugin's own version string, e.g. "0.1.0". */
    const char *version;
    /**
     * Make an instance. options_json is a JSON object (see docs/FRONTENDS.md). Returns NULL on
     * failure, after which last_error (if non-NULL) tells why.
     */
    void *(*create)(const mr_frontend_host *host, const char *options_json, size_t options_length);
    /** Hand one frame to the instance. Returns 0 on success, non-zero if the frame was rejected. */
    int32_t (*deliver)(void *instance, const char *frame_json, size_t length);
    /** Flush and free the instance. No call on it follows. */
    void (*destroy)(void *instance);
    /** Optional: a human-readable reason for the last failed create, or NULL. */
    const char *(*last_error)(void);
} mr_frontend_descriptor;

/** The type of the exported entry function. */
typedef const mr_frontend_descriptor *(*mr_frontend_entry_fn)(void);

/**
 * Optional second export (an addition within version 1): the sysexits class of the last failed
 * create(), which the host ends with: 69 (EX_UNAVAILABLE, e.g. a port in use, no sound card) or 73
 * (EX_CANTCREAT). Anything else, or no such symbol, means a usage error (64).
 */
#define MR_FRONTEND_ERROR_STATUS_SYMBOL "materunner_frontend_error_status"

/** The type of the optional error-status function. */
typedef int32_t (*mr_frontend_error_status_fn)(void);

#ifdef __cplusplus
}
#endif

#endif /* MATERUNNER_FRONTEND_H */
