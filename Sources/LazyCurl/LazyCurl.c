// libcurl, loaded when a run is about to send, and the one thread that drives every transfer
// through its multi interface: what the executable's transport sends on Linux.
//
// Linked the usual way, libcurl and the thirty-odd libraries it needs (TLS, LDAP, Kerberos…) are
// mapped and relocated before `main` on every run, although a run the cache answers never touches
// the network: more than half of such a run's time and a third of its memory. So the binary does
// not link it. The network thread opens it with dlopen and finds the functions used here with
// dlsym; it is started as soon as the run knows it will send (`lazy_curl_prepare`), so the load
// overlaps the run's own work. A libcurl that cannot be loaded is a clear error (exit 69).
//
// One thread, one multi handle: it waits in curl_multi_poll for a socket, a timer, a new transfer
// or a cancel (curl_multi_wakeup), so a range shares its connections and a thread, and a cancelled
// transfer is taken out at once, its connection closed as it goes. URLSession on Linux drives the
// same libcurl with its dispatch queues and delegate queue besides, and configuring a session reads
// the shared cookie store and URL cache (and creates their folders in the user's home).
// Everything that decides (which redirect to follow, what an error means) stays in Swift; this
// file only moves bytes, and refuses:
// - any protocol but http and https, and redirects (libcurl follows none: the caller decides);
// - a body past the caller's limit, declared (Content-Length) or counted as it arrives after
//   decompression, and headers past a fixed limit (64 KiB, or a line past libcurl's own);
// - signals: libcurl must not use SIGALRM for its timeouts in a threaded program.
// Nothing libcurl writes in words is kept: its error text can carry the URL, and with it a key.
//
// Easy handles are kept for the next request. libcurl's ABI is written out so that no libcurl
// headers are needed to build: handles are pointers, its enums and options are the documented
// numbers, and each option's value is passed as the type libcurl reads for it (long, curl_off_t,
// or a pointer). curl_multi_poll and curl_multi_wakeup need libcurl 7.68 (2020). The file is for
// Linux; elsewhere it is empty. (A fully static musl binary cannot dlopen: there, every request
// exits 69.)

#include "LazyCurl.h"

#include <stdio.h>

#if defined(__linux__)

#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef void *handle;
typedef int64_t curl_off_t; // 64 bits wherever libcurl is built with large-file support

/// libcurl's functions, once loaded.
static struct {
    int (*global_init)(long flags);
    handle (*easy_init)(void);
    void (*easy_cleanup)(handle);
    void (*easy_reset)(handle);
    int (*easy_perform)(handle);
    int (*easy_setopt)(handle, int option, ...);
    int (*easy_getinfo)(handle, int info, ...);
    void *(*slist_append)(void *list, const char *line);
    void (*slist_free_all)(void *list);
    handle (*multi_init)(void);
    int (*multi_add_handle)(handle multi, handle easy);
    int (*multi_remove_handle)(handle multi, handle easy);
    int (*multi_perform)(handle multi, int *running);
    void *(*multi_info_read)(handle multi, int *left);
    int (*multi_poll)(handle multi, void *extra, unsigned count, int timeout_milliseconds, int *ready);
    int (*multi_wakeup)(handle multi);
} curl;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static atomic_int state; // 0 not tried, 1 loaded, 2 failed
static char failure[4200];

/// Finds one function; false, with the reason written, when the library lacks it.
static int find(void *library, const char *file, const char *name, void *slot) {
    void *function = dlsym(library, name);
    if (!function) snprintf(failure, sizeof failure, "%s has no function %s, so it is not libcurl 7.68 or later", file, name);
    memcpy(slot, &function, sizeof function);
    return function != NULL;
}

static const char *load_library(const char *path) {
    if (atomic_load_explicit(&state, memory_order_acquire) == 1) return NULL;
    pthread_mutex_lock(&lock);
    if (atomic_load_explicit(&state, memory_order_relaxed) == 0) {
        const char *file = path ? path : "libcurl.so.4";
        // Lazy binding, as the loader does for a library linked the usual way.
        void *library = dlopen(file, RTLD_LAZY | RTLD_LOCAL);
        int found = library != NULL
            && find(library, file, "curl_global_init", &curl.global_init)
            && find(library, file, "curl_easy_init", &curl.easy_init)
            && find(library, file, "curl_easy_cleanup", &curl.easy_cleanup)
            && find(library, file, "curl_easy_reset", &curl.easy_reset)
            && find(library, file, "curl_easy_perform", &curl.easy_perform)
            && find(library, file, "curl_easy_setopt", &curl.easy_setopt)
            && find(library, file, "curl_easy_getinfo", &curl.easy_getinfo)
            && find(library, file, "curl_slist_append", &curl.slist_append)
            && find(library, file, "curl_slist_free_all", &curl.slist_free_all)
            && find(library, file, "curl_multi_init", &curl.multi_init)
            && find(library, file, "curl_multi_add_handle", &curl.multi_add_handle)
            && find(library, file, "curl_multi_remove_handle", &curl.multi_remove_handle)
            && find(library, file, "curl_multi_perform", &curl.multi_perform)
            && find(library, file, "curl_multi_info_read", &curl.multi_info_read)
            && find(library, file, "curl_multi_poll", &curl.multi_poll)
            && find(library, file, "curl_multi_wakeup", &curl.multi_wakeup);
        // libcurl is initialised once, here under the lock, before any thread makes a handle: a
        // handle made first would initialise it on the side, which is not safe from two threads
        // at once. CURL_GLOBAL_SSL: 1.
        int initialized = found ? curl.global_init(1) : -1;
        if (!library) {
            const char *reason = dlerror();
            snprintf(failure, sizeof failure, "cannot load libcurl: %s", reason ? reason : file);
        } else if (!found) {
            dlclose(library);
        } else if (initialized != 0) {
            snprintf(failure, sizeof failure, "libcurl could not initialise (curl_global_init error %d)", initialized);
        }
        atomic_store_explicit(&state, found && initialized == 0 ? 1 : 2, memory_order_release);
    }
    const char *result = atomic_load_explicit(&state, memory_order_relaxed) == 1 ? NULL : failure;
    pthread_mutex_unlock(&lock);
    return result;
}

enum {
    OPT_WRITEDATA = 10001, OPT_URL = 10002, OPT_HTTPHEADER = 10023, OPT_HEADERDATA = 10029,
    OPT_ACCEPT_ENCODING = 10102, OPT_WRITEFUNCTION = 20011, OPT_HEADERFUNCTION = 20079,
    OPT_FOLLOWLOCATION = 52, OPT_HTTPGET = 80, OPT_NOSIGNAL = 99, OPT_TIMEOUT_MS = 155,
    OPT_PROTOCOLS = 181, OPT_MAXFILESIZE_LARGE = 30117,
    OPT_ERRORBUFFER = 10010, OPT_CAINFO = 10065, OPT_CAPATH = 10097,
    INFO_RESPONSE_CODE = 0x200002, INFO_SSL_VERIFYRESULT = 0x20000D,
    ERROR_SIZE = 256, // CURL_ERROR_SIZE
    PROTOCOL_HTTP = 1, PROTOCOL_HTTPS = 2,
    CODE_FAILED_INIT = 2, CODE_OUT_OF_MEMORY = 27, CODE_ABORTED_BY_CALLBACK = 42, CODE_FILESIZE_EXCEEDED = 63, CODE_TOO_LARGE = 100,
};

/// Headers past this are no answer of an API or an image host.
static const size_t header_limit = 64 * 1024;

struct growing {
    char *bytes;
    size_t length, capacity, limit;
    int overflowed;
    /// For headers: the blank line that ends them has come.
    int ended;
};

/// Appends, doubling the buffer up to the limit; refuses what would pass it.
static int append(struct growing *buffer, const char *bytes, size_t count) {
    if (count > buffer->limit - buffer->length) {
        buffer->overflowed = 1;
        return 0;
    }
    if (buffer->length + count > buffer->capacity) {
        size_t capacity = buffer->capacity ? buffer->capacity : 16 * 1024;
        while (capacity < buffer->length + count) capacity *= 2;
        if (capacity > buffer->limit) capacity = buffer->limit;
        char *grown = realloc(buffer->bytes, capacity + 1);
        if (!grown) return 0;
        buffer->bytes = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->bytes + buffer->length, bytes, count);
    buffer->length += count;
    buffer->bytes[buffer->length] = 0;
    return 1;
}

static size_t take_body(char *bytes, size_t size, size_t count, void *buffer) {
    return append(buffer, bytes, size * count) ? size * count : 0;
}

/// Keeps the headers of the last response only: a proxy's CONNECT answer or a 100 Continue
/// comes first, each starting with its status line.
static size_t take_header(char *bytes, size_t size, size_t count, void *buffer) {
    struct growing *headers = buffer;
    if (size * count >= 5 && memcmp(bytes, "HTTP/", 5) == 0) headers->length = 0;
    headers->ended = (size * count == 2 && memcmp(bytes, "\r\n", 2) == 0) || (size * count == 1 && bytes[0] == '\n');
    return append(headers, bytes, size * count) ? size * count : 0;
}

static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static handle pool[16];
static int pooled;

static handle take_handle(void) {
    pthread_mutex_lock(&pool_lock);
    handle easy = pooled > 0 ? pool[--pooled] : NULL;
    pthread_mutex_unlock(&pool_lock);
    if (easy) {
        curl.easy_reset(easy);
        return easy;
    }
    return curl.easy_init();
}

static void return_handle(handle easy) {
    pthread_mutex_lock(&pool_lock);
    int kept = pooled < (int)(sizeof pool / sizeof pool[0]);
    if (kept) pool[pooled++] = easy;
    pthread_mutex_unlock(&pool_lock);
    if (!kept) curl.easy_cleanup(easy);
}

/// What a refused certificate's error text says, without keeping a word of it: the text names the
/// host, and its wording is the TLS library's.
static void read_certificate_refusal(handle easy, const char *error, struct lazy_curl_answer *answer) {
    // Every TLS backend's own check of the name says "… target host name …".
    answer->certificate_for_another_name = strstr(error, "target host name") != NULL;
    // OpenSSL's verification result, which only OpenSSL's words introduce: other backends give
    // numbers of their own here.
    if (strncmp(error, "SSL certificate problem: ", 25) == 0) {
        long result = 0;
        curl.easy_getinfo(easy, INFO_SSL_VERIFYRESULT, &result);
        answer->openssl_verify_result = result;
    }
}

struct lazy_curl_switch {
    atomic_int thrown;
};

struct lazy_curl_switch *lazy_curl_switch_new(void) {
    return calloc(1, sizeof(struct lazy_curl_switch));
}

void lazy_curl_switch_free(struct lazy_curl_switch *abort) {
    free(abort);
}

static int thrown(const struct lazy_curl_switch *abort) {
    return abort && atomic_load_explicit(&((struct lazy_curl_switch *)abort)->thrown, memory_order_acquire);
}

/// One GET from its start to its answer: asked for by the caller's thread (which copies what it
/// gives, as it may go on before libcurl has even loaded), then made and driven by the network
/// thread.
struct transfer {
    char *url;
    char **header_lines;
    int header_count;
    size_t maximum_bytes;
    long timeout_milliseconds;
    char *certificate_file, *certificate_folder;
    handle easy;
    void *header_list;
    struct growing body, headers;
    char error[ERROR_SIZE];
    const struct lazy_curl_switch *abort;
    lazy_curl_done done;
    void *context;
    /// In the multi handle (the network thread's to know).
    int added;
    struct transfer *next;
};

/// The network thread's multi handle, set once it is made; what is waiting for it; and whether
/// it never will be (libcurl could not be loaded), which `failure` says why.
static _Atomic(handle) multi;
static pthread_mutex_t queue_lock = PTHREAD_MUTEX_INITIALIZER;
static struct transfer *arriving;
static int driver_started;
static int load_failed;

void lazy_curl_switch_throw(struct lazy_curl_switch *abort) {
    if (!abort) return;
    atomic_store_explicit(&abort->thrown, 1, memory_order_release);
    handle waiting = atomic_load_explicit(&multi, memory_order_acquire);
    if (waiting) curl.multi_wakeup(waiting);
}

const char *lazy_curl_failure(void) {
    pthread_mutex_lock(&queue_lock);
    int failed = load_failed;
    pthread_mutex_unlock(&queue_lock);
    return failed ? failure : NULL;
}

/// Frees what the caller gave and the transfer itself.
static void free_transfer(struct transfer *transfer) {
    free(transfer->url);
    for (int index = 0; index < transfer->header_count; index++) free(transfer->header_lines[index]);
    free(transfer->header_lines);
    free(transfer->certificate_file);
    free(transfer->certificate_folder);
    free(transfer);
}

/// Tells the caller how the transfer ended, and frees it: the last the network thread does with it.
static void hand_back(struct transfer *transfer, int code, struct lazy_curl_answer *answer) {
    lazy_curl_done done = transfer->done;
    void *context = transfer->context;
    free_transfer(transfer);
    done(context, code, answer);
}

/// Ends a transfer that never started: libcurl could not be loaded, or its handle not be made.
static void refuse(struct transfer *transfer, int code) {
    struct lazy_curl_answer answer;
    memset(&answer, 0, sizeof answer);
    hand_back(transfer, code, &answer);
}

/// Ends a transfer: what it brought back goes to its caller, and its handle back to the pool.
/// Only the network thread calls it; the transfer is gone when it returns.
static void finish(struct transfer *transfer, int code) {
    handle easy = transfer->easy;
    if (transfer->added) curl.multi_remove_handle(atomic_load_explicit(&multi, memory_order_relaxed), easy);
    // A transfer that failed after the switch was thrown failed because it was.
    if (code != 0 && thrown(transfer->abort)) code = CODE_ABORTED_BY_CALLBACK;
    struct lazy_curl_answer answer;
    memset(&answer, 0, sizeof answer);
    long status = 0;
    curl.easy_getinfo(easy, INFO_RESPONSE_CODE, &status);
    if (code != 0) read_certificate_refusal(easy, transfer->error, &answer);
    curl.easy_setopt(easy, OPT_ERRORBUFFER, NULL);
    curl.easy_setopt(easy, OPT_HTTPHEADER, NULL);
    curl.slist_free_all(transfer->header_list);
    return_handle(easy);
    answer.status = status;
    // Past the limit as declared (libcurl's own check) or as counted.
    answer.body_too_large = transfer->body.overflowed || code == CODE_FILESIZE_EXCEEDED;
    // libcurl refuses a header line past its own limit (100 KiB) before this file sees it, as
    // out of memory (libcurl 7) or too large (8.6 on): while the headers are still coming, that is
    // no memory shortage but an answer too big to be one.
    answer.headers_too_large = transfer->headers.overflowed
        || (!transfer->headers.ended && (code == CODE_OUT_OF_MEMORY || code == CODE_TOO_LARGE));
    if (code == 0 && !transfer->body.overflowed && !transfer->headers.overflowed) {
        answer.body = transfer->body.bytes;
        answer.body_length = transfer->body.length;
        answer.headers = transfer->headers.bytes;
        answer.headers_length = transfer->headers.length;
    } else {
        free(transfer->body.bytes);
        free(transfer->headers.bytes);
    }
    hand_back(transfer, code, &answer);
}

/// Makes the transfer's easy handle, with every option; false when memory ran out.
static int begin(struct transfer *transfer) {
    handle easy = take_handle();
    if (!easy) return 0;
    void *list = NULL;
    for (int index = 0; index < transfer->header_count; index++) {
        void *longer = curl.slist_append(list, transfer->header_lines[index]);
        if (!longer) {
            curl.slist_free_all(list);
            return_handle(easy);
            return 0;
        }
        list = longer;
    }
    transfer->easy = easy;
    transfer->header_list = list;
    transfer->body = (struct growing){ .limit = transfer->maximum_bytes };
    transfer->headers = (struct growing){ .limit = header_limit };
    curl.easy_setopt(easy, OPT_URL, transfer->url);
    curl.easy_setopt(easy, OPT_HTTPGET, 1L);
    curl.easy_setopt(easy, OPT_HTTPHEADER, list);
    curl.easy_setopt(easy, OPT_PROTOCOLS, (long)(PROTOCOL_HTTP | PROTOCOL_HTTPS));
    curl.easy_setopt(easy, OPT_FOLLOWLOCATION, 0L);
    curl.easy_setopt(easy, OPT_NOSIGNAL, 1L);
    curl.easy_setopt(easy, OPT_TIMEOUT_MS, transfer->timeout_milliseconds);
    curl.easy_setopt(easy, OPT_MAXFILESIZE_LARGE, (curl_off_t)transfer->maximum_bytes);
    curl.easy_setopt(easy, OPT_ACCEPT_ENCODING, ""); // every encoding this libcurl can decode
    curl.easy_setopt(easy, OPT_WRITEFUNCTION, take_body);
    curl.easy_setopt(easy, OPT_WRITEDATA, &transfer->body);
    curl.easy_setopt(easy, OPT_HEADERFUNCTION, take_header);
    curl.easy_setopt(easy, OPT_HEADERDATA, &transfer->headers);
    // Trusted certificates where the caller names them, as curl's own SSL_CERT_FILE and friends;
    // otherwise libcurl's built-in bundle.
    if (transfer->certificate_file) curl.easy_setopt(easy, OPT_CAINFO, transfer->certificate_file);
    if (transfer->certificate_folder) curl.easy_setopt(easy, OPT_CAPATH, transfer->certificate_folder);
    curl.easy_setopt(easy, OPT_ERRORBUFFER, transfer->error);
    return 1;
}

/// The network thread: loads libcurl, then drives every transfer of the process through one
/// multi handle, waiting in curl_multi_poll for a socket, a timer, a new transfer or a cancel.
static void *drive(void *path) {
    int ready = load_library(path) == NULL;
    free(path);
    handle made = ready ? curl.multi_init() : NULL;
    if (!made) {
        // No request can be sent, ever: those waiting and those still to come are told why.
        pthread_mutex_lock(&lock);
        if (ready) snprintf(failure, sizeof failure, "libcurl could not make a multi handle");
        pthread_mutex_unlock(&lock);
        pthread_mutex_lock(&queue_lock);
        load_failed = 1;
        struct transfer *waiting = arriving;
        arriving = NULL;
        pthread_mutex_unlock(&queue_lock);
        while (waiting) {
            struct transfer *next = waiting->next;
            refuse(waiting, CODE_FAILED_INIT);
            waiting = next;
        }
        return NULL;
    }
    atomic_store_explicit(&multi, made, memory_order_release);
    struct transfer *running = NULL;
    for (;;) {
        pthread_mutex_lock(&queue_lock);
        struct transfer *new = arriving;
        arriving = NULL;
        pthread_mutex_unlock(&queue_lock);
        while (new) {
            struct transfer *next = new->next;
            if (!begin(new)) {
                refuse(new, CODE_OUT_OF_MEMORY);
            } else if (curl.multi_add_handle(made, new->easy) != 0) {
                finish(new, CODE_OUT_OF_MEMORY);
            } else {
                new->added = 1;
                new->next = running;
                running = new;
            }
            new = next;
        }
        // A cancelled transfer is taken out at once: libcurl closes the connection of a transfer
        // removed before its end, so the server sees it go.
        for (struct transfer **link = &running; *link;) {
            struct transfer *transfer = *link;
            if (thrown(transfer->abort)) {
                *link = transfer->next;
                finish(transfer, CODE_ABORTED_BY_CALLBACK);
            } else {
                link = &transfer->next;
            }
        }
        int still_running = 0;
        curl.multi_perform(made, &still_running);
        struct message { int msg; handle easy; union { void *whatever; int result; } data; } *message;
        int left = 0;
        while ((message = curl.multi_info_read(made, &left))) {
            if (message->msg != 1) continue; // CURLMSG_DONE
            handle easy = message->easy;
            int code = message->data.result;
            for (struct transfer **link = &running; *link; link = &(*link)->next) {
                if ((*link)->easy != easy) continue;
                struct transfer *transfer = *link;
                *link = transfer->next;
                finish(transfer, code);
                break;
            }
        }
        curl.multi_poll(made, NULL, 0, 1000, NULL);
    }
    return NULL;
}

/// Starts the network thread, once; false when no thread could be made.
static int start_driver(const char *path) {
    pthread_mutex_lock(&queue_lock);
    int started = driver_started;
    if (!started) {
        char *copy = path ? strdup(path) : NULL;
        pthread_t thread;
        pthread_attr_t attributes;
        pthread_attr_init(&attributes);
        pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
        started = (!path || copy) && pthread_create(&thread, &attributes, drive, copy) == 0;
        pthread_attr_destroy(&attributes);
        if (!started) free(copy);
        driver_started = started;
    }
    pthread_mutex_unlock(&queue_lock);
    return started;
}

void lazy_curl_prepare(const char *path) {
    start_driver(path);
}

/// A copy of `text`, or NULL for none; `*failed` set when memory ran out.
static char *copy_of(const char *text, int *failed) {
    if (!text) return NULL;
    char *copy = strdup(text);
    if (!copy) *failed = 1;
    return copy;
}

int lazy_curl_start(const char *path, const char *url, const char *const *header_lines, int header_count, size_t maximum_bytes,
                    long timeout_milliseconds, const char *certificate_file, const char *certificate_folder,
                    const struct lazy_curl_switch *abort, lazy_curl_done done, void *context) {
    // No thread, no network: said as a load that failed, with no reason of libcurl's.
    if (!start_driver(path)) return CODE_FAILED_INIT;
    struct transfer *transfer = calloc(1, sizeof *transfer);
    if (!transfer) return CODE_OUT_OF_MEMORY;
    int failed = 0;
    transfer->url = copy_of(url, &failed);
    transfer->header_lines = header_count > 0 ? calloc((size_t)header_count, sizeof(char *)) : NULL;
    if (header_count > 0 && !transfer->header_lines) failed = 1;
    for (int index = 0; !failed && index < header_count; index++) {
        transfer->header_lines[index] = copy_of(header_lines[index], &failed);
        transfer->header_count = index + 1;
    }
    transfer->certificate_file = copy_of(certificate_file, &failed);
    transfer->certificate_folder = copy_of(certificate_folder, &failed);
    if (failed) {
        free_transfer(transfer);
        return CODE_OUT_OF_MEMORY;
    }
    transfer->maximum_bytes = maximum_bytes;
    transfer->timeout_milliseconds = timeout_milliseconds;
    transfer->abort = abort;
    transfer->done = done;
    transfer->context = context;
    pthread_mutex_lock(&queue_lock);
    int refused = load_failed;
    if (!refused) {
        transfer->next = arriving;
        arriving = transfer;
    }
    pthread_mutex_unlock(&queue_lock);
    if (refused) {
        free_transfer(transfer);
        return CODE_FAILED_INIT;
    }
    // Until libcurl has loaded there is no multi handle to wake: the thread takes the transfer
    // as soon as it has made one.
    handle driven = atomic_load_explicit(&multi, memory_order_acquire);
    if (driven) curl.multi_wakeup(driven);
    return 0;
}

#endif
