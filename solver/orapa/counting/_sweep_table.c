/* The column sweep's tables (included by _sweep.c): boundaries as packed keys of klen bytes,
   each followed by its forward count and its completions (u128 each), merged by open
   addressing; entries are appended in order, so iterating a table is deterministic. */

/* A table: entries of klen key bytes then fwd (u128) and back (u128). */
typedef struct {
    size_t n, cap, esize;
    unsigned char *entries;
    uint32_t *index; size_t icap;
} Table;

static int table_init(Table *t, size_t esize) {
    t->n = 0; t->cap = 1024; t->esize = esize; t->icap = 2048;
    t->entries = malloc(t->cap * esize);
    t->index = malloc(t->icap * sizeof(uint32_t));
    if (!t->entries || !t->index) return -1;
    memset(t->index, 0xff, t->icap * sizeof(uint32_t));
    return 0;
}

static void table_free(Table *t) { free(t->entries); free(t->index); t->entries = NULL; t->index = NULL; }

static int table_copy(Table *dst, const Table *src) {
    *dst = *src;
    dst->entries = malloc(src->cap * src->esize);
    dst->index = malloc(src->icap * sizeof(uint32_t));
    if (!dst->entries || !dst->index) { free(dst->entries); free(dst->index); dst->entries = NULL; dst->index = NULL; return -1; }
    memcpy(dst->entries, src->entries, src->n * src->esize);
    memcpy(dst->index, src->index, src->icap * sizeof(uint32_t));
    return 0;
}

static void table_clear(Table *t) {
    t->n = 0;
    memset(t->index, 0xff, t->icap * sizeof(uint32_t));
}

static inline u64 hash_key(const unsigned char *k, int klen) {
    u64 h = 0x9e3779b97f4a7c15ULL;
    for (int i = 0; i < klen; i += 8) {
        u64 w; memcpy(&w, k + i, 8);
        h ^= w; h *= 0xff51afd7ed558ccdULL; h ^= h >> 32;
    }
    h ^= h >> 29; h *= 0xc4ceb9fe1a85ec53ULL; h ^= h >> 32;
    return h;
}

static inline u128 *fwd_of(Table *t, size_t i, int klen) { return (u128 *)(t->entries + i * t->esize + klen); }
static inline u128 *back_of(Table *t, size_t i, int klen) { return (u128 *)(t->entries + i * t->esize + klen + 16); }

static int table_grow(Table *t, int klen) {
    size_t icap = t->icap * 2;
    uint32_t *index = malloc(icap * sizeof(uint32_t));
    if (!index) return -1;
    memset(index, 0xff, icap * sizeof(uint32_t));
    for (size_t i = 0; i < t->n; i++) {
        size_t h = hash_key(t->entries + i * t->esize, klen) & (icap - 1);
        while (index[h] != 0xffffffffu) h = (h + 1) & (icap - 1);
        index[h] = (uint32_t)i;
    }
    free(t->index); t->index = index; t->icap = icap;
    return 0;
}

/* The entry of key k (added with zero counts when new); -1 out of memory. */
static long long table_find(Table *t, const unsigned char *k, int klen, int add) {
    size_t h = hash_key(k, klen) & (t->icap - 1);
    while (t->index[h] != 0xffffffffu) {
        size_t i = t->index[h];
        if (!memcmp(t->entries + i * t->esize, k, klen)) return (long long)i;
        h = (h + 1) & (t->icap - 1);
    }
    if (!add) return -2;
    if (t->n == t->cap) {
        size_t cap = t->cap * 2;
        unsigned char *e = realloc(t->entries, cap * t->esize);
        if (!e) return -1;
        t->entries = e; t->cap = cap;
    }
    size_t i = t->n++;
    unsigned char *e = t->entries + i * t->esize;
    memcpy(e, k, klen);
    memset(e + klen, 0, t->esize - klen);
    t->index[h] = (uint32_t)i;
    if (2 * t->n > t->icap && table_grow(t, klen) < 0) return -1;
    return (long long)i;
}
