/* SPDX-License-Identifier: Apache-2.0 */
/* The stack budget (include/fastec.h): every public call on a secret or a
 * point writes at most 16 KB of its caller's stack, its wipes included, and
 * leaves every work stack all zero.
 *
 * For every curve, on the backends FASTEC_CPU leaves on: key generation,
 * public key, key check and conversion, ECDH and cofactor ECDH, signing
 * (deterministic and hedged), verification, the three batch calls with 1,
 * 8, 9, 16 and 64 items, and the key-file calls (encode, decode, encrypt,
 * decrypt, read, write; public key encode, decode, read). Each runs on a
 * painted stack; the deepest byte it changed below its caller must be
 * within the budget, and every work stack must be all zero afterwards.
 * The largest figure per call is printed.
 *
 * Then the same calls on a thread whose stack is 32 KB (or the smallest a
 * thread may have: 128 KB on arm64), and on a fibre whose stack is 32 KB,
 * made as OpenSSL makes its asynchronous jobs' (makecontext), each with a
 * guard page below: a call that wrote past the stack would fault on it. */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include <pthread.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

#include "fastec.h"
#include "teststack.h"
#include "testutil.h"

#define BUDGET (16 * 1024)

enum { OP_KEYGEN, OP_PUB, OP_CHECK, OP_CONVERT, OP_ECDH, OP_ECDH_COF, OP_SIGN, OP_SIGN_HEDGED, OP_VERIFY, OP_ECDH_B,
       OP_SIGN_B, OP_VERIFY_B, OP_PRIV_ENCODE, OP_PRIV_DECODE, OP_PRIV_ENCRYPT, OP_PRIV_DECRYPT, OP_PRIV_READ,
       OP_PRIV_WRITE, OP_PUB_ENCODE, OP_PUB_DECODE, OP_PUB_READ, OP_COUNT };
static const char *const op_names[OP_COUNT] = {
    "keygen", "public key", "public key check", "public key convert", "ECDH", "cofactor ECDH", "sign", "hedged sign",
    "verify", "ECDH batch", "sign batch", "verify batch", "private key encode", "private key decode",
    "private key encrypt", "private key decrypt", "private key read", "private key write", "public key encode",
    "public key decode", "public key read"};
static size_t worst[OP_COUNT];
static const char *worst_curve[OP_COUNT];

static const size_t batch_sizes[] = {1, 8, 9, 16, 64};
#define MAXB 64

/* what the calls of one curve need, in static storage (the small-stack
 * thread has no room for it) */
static struct {
    uint8_t priv[72], pub[145], peer[145], secret[72], cofsecret[72], sig[144], digest[32], back[145];
    uint8_t bsecret[MAXB][72], bsig[MAXB][144];
    fastec_ecdh_item ei[MAXB];
    fastec_sign_item si[MAXB];
    fastec_verify_item vi[MAXB];
    int res[MAXB];
    size_t pl, ql, keylen, enclen, publen;
    uint8_t key[1024], enc[1024], pubder[1024];
} d;

/* measure: the call on a painted stack, its depth and the work stacks
 * checked; otherwise just the call (the small-stack thread) */
static int measure;

#define RUN(op, expect, ...)                                                                                           \
    do {                                                                                                               \
        if (measure) paint();                                                                                          \
        int rc_ = CALL_GPR(__VA_ARGS__);                                                                               \
        size_t depth_ = 0, a_ = 0, off_ = 0;                                                                           \
        if (measure) {                                                                                                 \
            read_back();                                                                                               \
            depth_ = deepest_change();                                                                                 \
            CHECK(depth_ <= BUDGET, "%s %s: %zu bytes written below the caller (budget %d)", name, op_names[op],       \
                  depth_, BUDGET);                                                                                     \
            if (depth_ > worst[op]) worst[op] = depth_, worst_curve[op] = name;                                        \
            CHECK(areas_clean(&a_, &off_), "%s %s: work stack %zu not all zero, %zu bytes below its top", name,        \
                  op_names[op], a_, off_);                                                                             \
        }                                                                                                              \
        CHECK(rc_ == (expect), "%s %s: %s", name, op_names[op], fastec_strerror(rc_));                               \
    } while (0)

static void curve_calls(const fastec_curve *c)
{
    const char *name = fastec_curve_name(c);
    const size_t ss = fastec_curve_scalar_size(c);
    static const uint8_t extra[32] = {1, 2, 3};
    const fastec_curve *got;
    int form;
    for (int i = 0; i < 32; i++) d.digest[i] = (uint8_t)(i * 7 + 1);
    RUN(OP_KEYGEN, FASTEC_OK, fastec_keygen, A(c), A(d.priv));
    d.pl = sizeof d.pub;
    RUN(OP_PUB, FASTEC_OK, fastec_public_key, A(c), A(d.priv), A(0), A(d.pub), A(&d.pl));
    RUN(OP_CHECK, FASTEC_OK, fastec_public_key_check, A(c), A(d.pub), A(d.pl));
    d.ql = sizeof d.peer;
    RUN(OP_CONVERT, FASTEC_OK, fastec_public_key_convert, A(c), A(d.pub), A(d.pl), A(1), A(d.peer), A(&d.ql));
    RUN(OP_ECDH, FASTEC_OK, fastec_ecdh, A(c), A(d.priv), A(d.peer), A(d.ql), A(d.secret));
    RUN(OP_ECDH_COF, FASTEC_OK, fastec_ecdh_cofactor, A(c), A(d.priv), A(d.pub), A(d.pl), A(d.cofsecret));
    RUN(OP_SIGN, FASTEC_OK, fastec_ecdsa_sign, A(c), A(d.priv), A(d.digest), A(sizeof d.digest), A(d.sig));
    RUN(OP_VERIFY, FASTEC_OK, fastec_ecdsa_verify, A(c), A(d.pub), A(d.pl), A(d.digest), A(sizeof d.digest),
        A(d.sig));
    RUN(OP_SIGN_HEDGED, FASTEC_OK, fastec_ecdsa_sign_hedged, A(c), A(d.priv), A(d.digest), A(sizeof d.digest),
        A(extra), A(sizeof extra), A(d.sig));
    for (size_t j = 0; j < MAXB; j++) {
        d.ei[j] = (fastec_ecdh_item){d.priv, d.peer, d.ql, d.bsecret[j]};
        d.si[j] = (fastec_sign_item){d.priv, d.digest, sizeof d.digest, d.bsig[j]};
        d.vi[j] = (fastec_verify_item){d.pub, d.pl, d.digest, sizeof d.digest, d.sig};
    }
    for (size_t k = 0; k < sizeof batch_sizes / sizeof batch_sizes[0]; k++) {
        const size_t n = batch_sizes[k];
        RUN(OP_ECDH_B, FASTEC_OK, fastec_ecdh_batch, A(c), A(d.ei), A(n), A(d.res));
        CHECK(!memcmp(d.bsecret[n - 1], d.secret, fastec_curve_field_size(c)), "%s ECDH batch of %zu: secret", name,
              n);
        RUN(OP_SIGN_B, FASTEC_OK, fastec_ecdsa_sign_batch, A(c), A(d.si), A(n), A(d.res));
        RUN(OP_VERIFY_B, FASTEC_OK, fastec_ecdsa_verify_batch, A(c), A(d.vi), A(n), A(d.res));
    }
    d.keylen = sizeof d.key;
    RUN(OP_PRIV_ENCODE, FASTEC_OK, fastec_private_key_encode, A(c), A(d.priv), A(1), A(1), A(d.key), A(&d.keylen));
    RUN(OP_PRIV_DECODE, FASTEC_OK, fastec_private_key_decode, A(d.key), A(d.keylen), A(&got), A(d.back),
        A(sizeof d.back));
    CHECK(got == c && !memcmp(d.back, d.priv, ss), "%s: the key decoded", name);
    d.enclen = sizeof d.enc;
    RUN(OP_PRIV_ENCRYPT, FASTEC_OK, fastec_private_key_encrypt, A(c), A(d.priv), A("pw"), A(2),
        A(FASTEC_AES256_CBC), A(1000), A(1), A(d.enc), A(&d.enclen));
    RUN(OP_PRIV_DECRYPT, FASTEC_OK, fastec_private_key_decrypt, A(d.enc), A(d.enclen), A("pw"), A(2), A(&got),
        A(d.back), A(sizeof d.back));
    RUN(OP_PRIV_READ, FASTEC_OK, fastec_private_key_read, A(d.enc), A(d.enclen), A("pw"), A(2), A(&got), A(d.back),
        A(sizeof d.back), A(&form));
    d.keylen = sizeof d.key;
    RUN(OP_PRIV_WRITE, FASTEC_OK, fastec_private_key_write, A(c), A(d.priv), A(0), A(1), A(FASTEC_FORM_HYBRID),
        A("pw"), A(2), A(FASTEC_AES128_CBC), A(1000), A(d.key), A(&d.keylen));
    d.publen = sizeof d.pubder;
    RUN(OP_PUB_ENCODE, FASTEC_OK, fastec_public_key_encode, A(c), A(d.pub), A(d.pl), A(1), A(d.pubder),
        A(&d.publen));
    size_t bl = sizeof d.back;
    RUN(OP_PUB_DECODE, FASTEC_OK, fastec_public_key_decode, A(d.pubder), A(d.publen), A(&got), A(d.back), A(&bl));
    bl = sizeof d.back;
    RUN(OP_PUB_READ, FASTEC_OK, fastec_public_key_read, A(d.pubder), A(d.publen), A(&got), A(d.back), A(&bl),
        A(&form));
}

static void *small_stack_main(void *arg)
{
    (void)arg;
    for (size_t i = 0; i < fastec_curve_count(); i++) curve_calls(fastec_curve_at(i));
    return NULL;
}

static void fibre_main(void) { small_stack_main(NULL); }

int main(void)
{
    t_seed();
    CHECK(ws_any_curve == fastec_curve_count(), "the bounds' rows (%zu) are the curves (%zu)", ws_any_curve,
          fastec_curve_count());
    measure = 1;
    for (size_t i = 0; i < fastec_curve_count(); i++) curve_calls(fastec_curve_at(i));
    printf("bytes written below the caller, the largest over the curves (budget %d):\n", BUDGET);
    for (int op = 0; op < OP_COUNT; op++) printf("  %-22s %6zu  (%s)\n", op_names[op], worst[op], worst_curve[op]);

    /* 32 KB of stack above a guard page: a thread's (or the smallest the
     * platform allows a thread: arm64's glibc, 128 KB), then a fibre's, as
     * OpenSSL's asynchronous jobs make them (makecontext) */
    measure = 0;
    const size_t pg = (size_t)sysconf(_SC_PAGESIZE), small = 32 * 1024;
    long min = sysconf(_SC_THREAD_STACK_MIN);
    const size_t tsize = min > 0 && (size_t)min > small ? ((size_t)min + pg - 1) / pg * pg : small;
    uint8_t *m = mmap(NULL, pg + tsize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    CHECK(m != MAP_FAILED && !mprotect(m, pg, PROT_NONE), "mapping a small stack");
    pthread_attr_t at;
    pthread_t th;
    CHECK(!pthread_attr_init(&at) && !pthread_attr_setstack(&at, m + pg, tsize), "small stack attributes");
    unsigned long before = t_fail;
    CHECK(!pthread_create(&th, &at, small_stack_main, NULL) && !pthread_join(th, NULL), "small-stack thread");
    printf("every call on a thread with a %zu-byte stack: %s\n", tsize, t_fail == before ? "ok" : "FAILED");
    pthread_attr_destroy(&at);
    ucontext_t here, fibre;
    before = t_fail;
    CHECK(!getcontext(&fibre), "getcontext");
    fibre.uc_stack.ss_sp = m + pg + tsize - small;
    fibre.uc_stack.ss_size = small;
    fibre.uc_link = &here;
    makecontext(&fibre, fibre_main, 0);
    CHECK(!swapcontext(&here, &fibre), "swapcontext");
    printf("every call on a fibre with a %zu-byte stack: %s\n", small, t_fail == before ? "ok" : "FAILED");
    munmap(m, pg + tsize);
    return t_done("test_stack");
}
