/*
 * ticker.c: a complete MateRunner front-end in plain C, built against materunner_frontend.h alone.
 *
 * It prints one line per runner for every status frame ("ticker 01:05 alice 0.42 km 42% leader"),
 * the countdown, invitations, cheers and notices, and the result's summary. It reads the few fields
 * it needs with a tiny scanner that relies on what docs/FRONTENDS.md promises: every frame is one
 * compact JSON object. Keys it does not know it ignores, so newer frames (additive changes within
 * schema 1) do not break it.
 *
 * Build: make            (or: cc -shared -fPIC -I ../../Sources/FrontEndABI/include -o libticker.so ticker.c)
 * Run:   materunner demo --frontend ./libticker.so
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "materunner_frontend.h"

struct ticker {
    int fd;      /* where to write: the options' output_fd */
    long frames; /* frames seen */
};

static char error_text[160];

/* Copies the string value of "key" found in json[0..length) into out ("" when absent). Values are
 * read up to the closing quote; escaped quotes are kept as they are, which is enough for display. */
static void string_field(const char *json, size_t length, const char *key, char *out, size_t size) {
    char pattern[64];
    snprintf(pattern, sizeof pattern, "\"%s\":\"", key);
    out[0] = '\0';
    const char *end = json + length;
    for (const char *at = json; at < end; at++) {
        size_t left = (size_t)(end - at), need = strlen(pattern);
        if (left < need || memcmp(at, pattern, need) != 0) continue;
        const char *value = at + need;
        size_t n = 0;
        while (value + n < end && value[n] != '"' && n + 1 < size) {
            if (value[n] == '\\' && value + n + 1 < end) n++;
            n++;
        }
        memcpy(out, value, n);
        out[n] = '\0';
        return;
    }
}

/* The number value of "key", or fallback when absent. */
static double number_field(const char *json, size_t length, const char *key, double fallback) {
    char pattern[64];
    snprintf(pattern, sizeof pattern, "\"%s\":", key);
    size_t need = strlen(pattern);
    for (size_t i = 0; i + need < length; i++) {
        if (memcmp(json + i, pattern, need) == 0) return strtod(json + i + need, NULL);
    }
    return fallback;
}

/* Whether json[0..length) contains needle. */
static int contains(const char *json, size_t length, const char *needle) {
    size_t need = strlen(needle);
    for (size_t i = 0; i + need <= length; i++) {
        if (memcmp(json + i, needle, need) == 0) return 1;
    }
    return 0;
}

static int say(struct ticker *self, const char *line) {
    size_t n = strlen(line);
    return write(self->fd, line, n) == (ssize_t)n ? 0 : 1;
}

/* Writes one line for every object of the "runners" array. */
static int each_runner(struct ticker *self, const char *json, size_t length, const char *elapsed) {
    const char *start = strstr(json, "\"runners\":[");
    if (start == NULL || (size_t)(start - json) >= length) return 0;
    const char *at = start + strlen("\"runners\":["), *end = json + length;
    int status = 0;
    while (at < end && *at == '{') {
        int depth = 0, in_string = 0;
        const char *object = at;
        for (; at < end; at++) {
            if (in_string) { if (*at == '\\') at++; else if (*at == '"') in_string = 0; continue; }
            if (*at == '"') in_string = 1;
            else if (*at == '{') depth++;
            else if (*at == '}' && --depth == 0) { at++; break; }
        }
        size_t size = (size_t)(at - object);
        char name[64], distance[32], state[16], line[512];
        string_field(object, size, "name", name, sizeof name);
        string_field(object, size, "distance", distance, sizeof distance);
        string_field(object, size, "state", state, sizeof state);
        int leader = contains(object, size, "\"leader\":true");
        int percent = (int)(number_field(object, size, "progress", 0) * 100);
        snprintf(line, sizeof line, "ticker %s %s %s %d%% %s%s\n", elapsed, name, distance, percent, state,
                 leader ? " leader" : "");
        status |= say(self, line);
        if (at < end && *at == ',') at++;
    }
    return status;
}

static void *create(const mr_frontend_host *host, const char *options, size_t length) {
    (void)host; /* this front-end sends no input events */
    if (options == NULL || strstr(options, "\"output_fd\":") == NULL) {
        snprintf(error_text, sizeof error_text, "ticker needs output_fd in its options, got %.*s",
                 (int)(length < 80 ? length : 80), options ? options : "");
        return NULL;
    }
    struct ticker *self = calloc(1, sizeof *self);
    if (self == NULL) { snprintf(error_text, sizeof error_text, "out of memory"); return NULL; }
    self->fd = (int)number_field(options, length, "output_fd", 1);
    return self;
}

static int32_t deliver(void *instance, const char *frame, size_t length) {
    struct ticker *self = instance;
    char type[16], text[256], line[400];
    self->frames++;
    string_field(frame, length, "type", type, sizeof type);
    if (strcmp(type, "status") == 0) {
        char elapsed[16];
        string_field(frame, length, "elapsed", elapsed, sizeof elapsed);
        return each_runner(self, frame, length, elapsed);
    }
    if (strcmp(type, "result") == 0) {
        string_field(frame, length, "message", text, sizeof text);
        snprintf(line, sizeof line, "ticker result: %s (%ld frames)\n", text, self->frames);
    } else if (strcmp(type, "countdown") == 0) {
        snprintf(line, sizeof line, "ticker countdown %d\n", (int)number_field(frame, length, "seconds_left", 0));
    } else if (strcmp(type, "notice") == 0 || strcmp(type, "cheer") == 0 || strcmp(type, "invitation") == 0) {
        string_field(frame, length, strcmp(type, "notice") == 0 ? "message" : "from", text, sizeof text);
        snprintf(line, sizeof line, "ticker %s: %s\n", type, text);
    } else {
        return 0; /* a type this front-end does not show */
    }
    return say(self, line);
}

static void destroy(void *instance) { free(instance); }

static const char *last_error(void) { return error_text[0] ? error_text : NULL; }

static const mr_frontend_descriptor descriptor = {
    .abi_version = MR_FRONTEND_ABI_VERSION,
    .name = "ticker",
    .version = "1.0.0",
    .create = create,
    .deliver = deliver,
    .destroy = destroy,
    .last_error = last_error,
};

/* The one exported symbol (MR_FRONTEND_ENTRY_SYMBOL). */
const mr_frontend_descriptor *materunner_frontend_entry(void) { return &descriptor; }
