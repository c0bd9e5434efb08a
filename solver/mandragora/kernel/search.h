/* The search of the compiled Mandragora solver: boards, table entries, the searcher's state
 * and one null-window search (search.c); the Python binding is _kernel.c. */
#ifndef MANDRAGORA_SEARCH_H
#define MANDRAGORA_SEARCH_H

#include <stdint.h>

#define AREAS 8
#define MOVER_AREAS 5
#define MAX_PIECES 24
#define BASE 8
#define INF 127
#define MAX_PLY 1024  /* path limit: openings stay under 90 plies; frames under 1 KB */
#define BUCKET 4

typedef struct {
    uint64_t s[AREAS];
    uint8_t n[AREAS];
} Board;

typedef struct {
    uint64_t key;   /* 0 = empty slot (a stored state always has a piece on areas 1..5) */
    int8_t lower;
    int8_t upper;
    uint8_t move;   /* canonical area index 0..4, 255 = none */
    uint8_t work;   /* bit length of the subtree's node count: the replacement priority */
    uint32_t unused;
} Entry;

typedef struct {
    Entry *table;
    uint64_t buckets;      /* a power of two */
    int bucket_bits;
    uint64_t nodes;        /* nodes of the last search */
    int lowest_rep;
    int root_best;
    int too_deep;
    int deepest;           /* longest path searched so far */
    uint64_t path[MAX_PLY];
} Searcher;

/* The geometry, filled once by configure() in _kernel.c. */
extern int8_t TARGET[MOVER_AREAS][MAX_PIECES];   /* area index receiving the k-th piece */
extern int8_t MIRROR_IX[AREAS];                  /* mirrored board: s'[i] = s[MIRROR_IX[i]] */
extern int8_t VALUE[2][4];                       /* [mover moved first][piece code] */
extern int16_t RANK[MOVER_AREAS][MAX_PIECES + 1];/* move order key, smaller first */

uint64_t board_key(const Board *b, int first);
Entry *probe(Searcher *k, uint64_t key);
/* One fail-soft null-window search (beta - 1, beta) of a board with a move, its material
 * (mine, theirs) given; sets k->root_best, k->nodes and k->too_deep. */
int search(Searcher *k, const Board *b, int first, int mine, int theirs, int beta);

#endif
