/* The floor of a regenerated view under wrapc's object model, on this
 * machine: the least work a view and its release must do, written in C
 * with nothing else, timed in the same loop as bench/view_release.c times
 * the runtime's wrt_as_strided + wrt_tensor_release.
 *
 * The model keeps what the C ABI and PyTorch's semantics require of a view
 * handed to a caller who releases it on its own: its own object (identity,
 * header), a reference to the base's storage (a later set_ on the base must
 * not free what the view reads) and one to its _base, each count biased to
 * the thread that made it (plain increments on the owner's thread, as the
 * runtime's), the object's memory from a per-thread free list, the base's
 * state read under a sequence check, the bounds check. It leaves out
 * everything the runtime adds (argument checks of the C entry point,
 * registering the thread, collecting other threads' releases, the panic
 * barrier's slow path), so the runtime's time is bounded below by it.
 *
 * The second loop is the same floor for the runtime's parked views: the
 * view released last kept in its root and handed out again (geometry and
 * storage compared, a new count and `_base` reference) instead of built.
 *
 *   cc -O2 bench/view_floor.c -o /tmp/view_floor && /tmp/view_floor
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#define MAX_RANK 8

typedef struct Backing {
  uint64_t owner;
  int64_t local, shared;
  int64_t nbytes;
} Backing;

/* The runtime's object, field for field in size: C header, count, lock,
 * sequence, state, subclass. */
typedef struct Object {
  int32_t dtype, device_kind;
  int64_t rank, offset, sizes[MAX_RANK], strides[MAX_RANK];
  void *version, *data;
  int32_t device_index, subclass_flag;
  uint64_t owner;
  int64_t local, shared;
  uint32_t lock;
  uint64_t seq;
  Backing *backing;
  struct Object *base;
  uint8_t requires_grad, is_leaf;
  uint16_t dynamic_dims;
  void *subclass;
  struct Object *spare; /* a released view kept for the next (parked) */
} Object;

static __thread struct {
  uint64_t id;
  int kept;
  Object *slots[64];
} thread;

static void take(uint64_t me, uint64_t *owner, int64_t *local, int64_t *shared) {
  if (*owner == me)
    ++*local;
  else
    __atomic_fetch_add(shared, 4, __ATOMIC_RELAXED);
}

static void give(uint64_t me, uint64_t *owner, int64_t *local, int64_t *shared) {
  if (*owner == me)
    --*local; /* never the last here: the base holds its own */
  else
    __atomic_fetch_sub(shared, 4, __ATOMIC_RELAXED);
}

__attribute__((noinline)) static int view(Object *b, int64_t rank, const int64_t *sizes, const int64_t *strides,
                                          int64_t offset, Object **out) {
  uint64_t me = thread.id;
  if (b->subclass || b->owner != me || rank > MAX_RANK || offset < 0)
    return 1;
  int64_t end = offset + 1;
  for (int d = 0; d < rank; d++)
    end += (sizes[d] - 1) * strides[d];
  uint64_t seq = __atomic_load_n(&b->seq, __ATOMIC_ACQUIRE);
  if (seq & 1)
    return 1;
  Backing *backing = b->backing;
  Object *root = b->base ? b->base : b;
  uint8_t requires_grad = b->requires_grad;
  if (__atomic_load_n(&b->seq, __ATOMIC_ACQUIRE) != seq || (uint64_t)end * 4 > (uint64_t)backing->nbytes)
    return 1;
  take(me, &backing->owner, &backing->local, &backing->shared);
  take(me, &root->owner, &root->local, &root->shared);
  Object *o = thread.kept ? thread.slots[--thread.kept] : (Object *)__builtin_calloc(1, sizeof(Object));
  o->dtype = b->dtype;
  o->device_kind = b->device_kind;
  o->rank = rank;
  o->offset = offset;
  for (int d = 0; d < rank; d++) { /* the runtime's rule: only the rank's dimensions */
    o->sizes[d] = sizes[d];
    o->strides[d] = strides[d];
  }
  o->version = b->version;
  o->data = b->data;
  o->device_index = 0;
  o->subclass_flag = 0;
  o->owner = me;
  o->local = 1;
  o->shared = 0;
  o->lock = 0;
  o->seq = 0;
  o->backing = backing;
  o->base = root;
  o->requires_grad = requires_grad;
  o->is_leaf = 1;
  o->dynamic_dims = 0;
  o->subclass = NULL;
  *out = o;
  return 0;
}

/* Gives up one reference to `o`: true when it was the last (on the owner's
 * thread; another thread's release is counted in `shared`, never the last
 * here). */
static inline int last_reference(Object *o, uint64_t me) {
  if (o->owner != me) {
    __atomic_fetch_sub(&o->shared, 4, __ATOMIC_RELAXED);
    return 0;
  }
  return --o->local == 0;
}

/* Frees a view no one references: its references back, its memory to the
 * free list. */
static inline void free_view(Object *o, uint64_t me) {
  give(me, &o->backing->owner, &o->backing->local, &o->backing->shared);
  give(me, &o->base->owner, &o->base->local, &o->base->shared);
  if (thread.kept < 64)
    thread.slots[thread.kept++] = o;
  else
    __builtin_free(o);
}

__attribute__((noinline)) static void release(Object *o) {
  uint64_t me = thread.id;
  if (last_reference(o, me))
    free_view(o, me);
}

/* The runtime's parked views (TensorObject::park, Tensor::unpark): the
 * view released last is kept in its root, holding its storage but not the
 * root, and handed out again when the geometry and storage match. */
__attribute__((noinline)) static int view_parked(Object *b, int64_t rank, const int64_t *sizes,
                                                 const int64_t *strides, int64_t offset, Object **out) {
  uint64_t me = thread.id;
  if (b->subclass || b->owner != me || rank > MAX_RANK)
    return 1;
  uint64_t seq = __atomic_load_n(&b->seq, __ATOMIC_ACQUIRE);
  if (seq & 1)
    return 1;
  Backing *backing = b->backing;
  Object *root = b->base;
  uint8_t requires_grad = b->requires_grad;
  if (__atomic_load_n(&b->seq, __ATOMIC_ACQUIRE) != seq || root)
    return 1;
  Object *o = b->spare;
  if (!o || o->backing != backing || o->rank != rank || o->offset != offset)
    return view(b, rank, sizes, strides, offset, out);
  for (int d = 0; d < rank; d++)
    if (o->sizes[d] != sizes[d] || o->strides[d] != strides[d])
      return view(b, rank, sizes, strides, offset, out);
  b->spare = NULL;
  take(me, &b->owner, &b->local, &b->shared);
  o->base = b;
  o->requires_grad = requires_grad;
  o->is_leaf = 1;
  o->dynamic_dims = 0;
  o->owner = me;
  o->local = 1;
  o->shared = 0;
  *out = o;
  return 0;
}

__attribute__((noinline)) static void release_parked(Object *o) {
  uint64_t me = thread.id;
  if (!last_reference(o, me))
    return;
  Object *root = o->base;
  if (root && root->owner == me && !root->spare && __atomic_load_n(&root->seq, __ATOMIC_ACQUIRE) % 2 == 0 &&
      !root->base && root->backing == o->backing) {
    root->spare = o;
    o->base = NULL;
    give(me, &root->owner, &root->local, &root->shared);
    return;
  }
  free_view(o, me);
}

static double now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e9 + t.tv_nsec;
}

int main(void) {
  thread.id = 1;
  static Backing backing = {.owner = 1, .local = 1, .nbytes = 64};
  static Object base;
  memset(&base, 0, sizeof base);
  base.owner = 1;
  base.local = 1;
  base.backing = &backing;
  base.rank = 1;
  base.sizes[0] = 16;
  base.strides[0] = 1;
  int64_t view_sizes[] = {4}, view_strides[] = {1};
  const int n = 5000000;
  for (int round = 0; round < 5; round++) {
    double start = now_ns();
    for (int i = 0; i < n; i++) {
      Object *v;
      if (view(&base, 1, view_sizes, view_strides, 2, &v) != 0)
        return 1;
      release(v);
    }
    printf("floor of a view + release: %.1f ns\n", (now_ns() - start) / n);
  }
  for (int round = 0; round < 5; round++) {
    double start = now_ns();
    for (int i = 0; i < n; i++) {
      Object *v;
      if (view_parked(&base, 1, view_sizes, view_strides, 2, &v) != 0)
        return 1;
      release_parked(v);
    }
    printf("floor of a parked view + release: %.1f ns\n", (now_ns() - start) / n);
  }
  if (base.spare) { /* the root's drop would free it */
    give(1, &backing.owner, &backing.local, &backing.shared);
    base.spare = NULL;
  }
  return backing.local == 1 && base.local == 1 ? 0 : 1;
}
