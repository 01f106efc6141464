/*===- wrapc_runtime.h - C ABI of wrapc's runtime ------------------------===*\
|*                                                                            *|
|* Tensors are opaque, refcounted handles: every function that returns one    *|
|* through `out` gives the caller a reference to release with                 *|
|* wrt_tensor_release. Fallible functions return a wrt_status; on failure     *|
|* wrt_last_error() describes it (per thread). Null pointers, bad dtypes,     *|
|* bad ranks and out-of-bounds views are errors, never crashes.               *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef WRAPC_RUNTIME_H
#define WRAPC_RUNTIME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct wrt_tensor wrt_tensor;

/* Every wrt_tensor starts with this header, which compiled wrappers read
 * directly (the rest of the object is private to the runtime). dtype and
 * device never change for a tensor object; the geometry changes only
 * through wrt_as_strided_ and wrt_set_. sizes[d] and strides[d] are
 * meaningful for d < rank only: the entries past it are unspecified (a new
 * object writes its own dimensions and nothing beyond). `version` points to
 * the counter shared by all views of the tensor. */
#define WRT_MAX_RANK 8
typedef struct wrt_tensor_header {
  int32_t dtype;
  int32_t device_kind;
  int64_t rank;
  int64_t storage_offset;
  int64_t sizes[WRT_MAX_RANK];
  int64_t strides[WRT_MAX_RANK];
  uint64_t *version;
  void *data;           /* storage base address (device memory for CUDA) */
  int32_t device_index; /* CUDA ordinal; 0 on the host */
  int32_t subclass;     /* 1 for a tensor-subclass instance (no data) */
  int32_t borrowed;     /* 1 for a wrt_borrowed_tensor, 0 for a runtime tensor */
} wrt_tensor_header;

/* An embedder's tensor lent to one call of a compiled entry point, with no
 * runtime object behind it: the embedder fills the header from its own
 * tensor (borrowed = WRT_LENT) and passes its address as the argument's
 * handle. Only arguments the library lists as borrowable may be passed so:
 * its constant `<entry>_borrowed` (one byte per argument, 1: borrowable)
 * says which; the compiled code only reads their headers and memory,
 * bumps their version (in `version_cell`, which the embedder applies to
 * its tensor after the call), hands them to the embedder's own
 * callbacks (the graph, extern calls), and may return them: an output
 * handle that is the embedder's own header, or a lent view of it whose
 * `embedder` is the lent tensor's (an output aliasing an input, which the
 * embedder makes its own view of before it lets go of the tensor). A lent
 * header stays as lent for the whole call: an embedder whose graph may
 * move its tensor onto other memory keeps the lent memory alive until the
 * call returns. The
 * runtime's functions refuse them, except the argument check, which reads
 * the header, wrt_as_strided, which makes a lent view of one
 * (WRT_LENT_VIEW), and wrt_tensor_retain and wrt_tensor_release.
 * `version` points at `version_cell`; `nbytes` is the memory's extent from
 * `data`; `embedder` is the embedder's tensor. */
typedef struct wrt_borrowed_tensor {
  wrt_tensor_header header;
  uint64_t version_cell;
  uint64_t nbytes;
  void *embedder;
} wrt_borrowed_tensor;

/* wrt_tensor_header.borrowed of a lent header: the embedder's (alive for
 * the call; releasing it gives back nothing), or a view of one that
 * wrt_as_strided made (owned by its handle, freed by wrt_tensor_release). */
enum { WRT_LENT = 1, WRT_LENT_VIEW = 2 };

/* The suffix of the constant `<entry>_borrowed` (see wrt_borrowed_tensor). */
#define WRT_BORROWED_SUFFIX "_borrowed"

typedef enum wrt_status {
  WRT_OK = 0,
  WRT_ERR_NULL = 1,        /* a required pointer was null */
  WRT_ERR_DTYPE = 2,       /* unknown or mismatched dtype */
  WRT_ERR_SHAPE = 3,       /* sizes/strides inconsistent or not broadcastable */
  WRT_ERR_DEVICE = 4,      /* unknown or mismatched device */
  WRT_ERR_BOUNDS = 5,      /* a view reaches outside its storage */
  WRT_ERR_ARG = 6,         /* any other invalid argument */
  WRT_ERR_ALLOC = 7,       /* out of memory */
  WRT_ERR_UNSUPPORTED = 8, /* valid, but not supported by this build */
  WRT_ERR_INTERNAL = 9,    /* a bug in the runtime */
  WRT_ERR_CUDA = 10        /* a CUDA driver call failed; the message names it */
} wrt_status;

/* dtype codes, each with the wrap dialect's element type of that dtype */
enum {
  WRT_F16 = 0,    /* f16 */
  WRT_BF16 = 1,   /* bf16 */
  WRT_F32 = 2,    /* f32 */
  WRT_F64 = 3,    /* f64 */
  WRT_I8 = 4,     /* i8 */
  WRT_I32 = 5,    /* i32 */
  WRT_I64 = 6,    /* i64 */
  WRT_BOOL = 7,   /* i1 */
  WRT_U8 = 8,     /* ui8 */
  WRT_I16 = 9     /* i16 */
};
/* device kinds */
enum { WRT_HOST = 0, WRT_CUDA = 1 };

/** Message of the last failure on this thread ("" if none). The pointer is
 *  valid until the next failure on this thread: read it after the call. */
const char *wrt_last_error(void);
/** Records a failure message (for compiled code reporting its own errors). */
void wrt_set_error(const char *message);

/** Thread-local grad mode (torch.is_grad_enabled), on by default. */
bool wrt_grad_enabled(void);
void wrt_set_grad_enabled(bool enabled);
/* The calling thread's grad-mode flag (0 or 1), read and written inline by compiled wrappers; valid on this
 * thread only. */
bool *wrt_grad_mode_slot(void);

/** Releases one reference; null is ignored. */
void wrt_tensor_release(wrt_tensor *t);
/** Another reference to the same tensor object (a lent header: the same
 * header again, or a copy of a lent view). */
int32_t wrt_tensor_retain(const wrt_tensor *t, wrt_tensor **out);

/** A zero-filled tensor whose storage just covers sizes/strides. */
int32_t wrt_empty_strided(int32_t dtype, int32_t device_kind, int32_t device_index, size_t rank,
                          const int64_t *sizes, const int64_t *strides, wrt_tensor **out);
/** A contiguous host tensor holding `values` converted to `dtype`. */
int32_t wrt_from_f64(int32_t dtype, size_t rank, const int64_t *sizes, const double *values,
                     size_t num_values, wrt_tensor **out);

/* Properties; -1 (and a message) for a null tensor or a dimension out of range. */
int64_t wrt_tensor_rank(const wrt_tensor *t);
int64_t wrt_tensor_size(const wrt_tensor *t, int64_t dim);
int64_t wrt_tensor_stride(const wrt_tensor *t, int64_t dim);
int64_t wrt_tensor_storage_offset(const wrt_tensor *t);
int64_t wrt_tensor_dtype(const wrt_tensor *t);
int64_t wrt_tensor_device_kind(const wrt_tensor *t);
int64_t wrt_tensor_version(const wrt_tensor *t);
int64_t wrt_tensor_requires_grad(const wrt_tensor *t);
int64_t wrt_tensor_is_leaf(const wrt_tensor *t);
/** Equal ids: the tensors share storage. */
int64_t wrt_tensor_storage_id(const wrt_tensor *t);
/** Both handles refer to the same tensor object. */
bool wrt_same_tensor(const wrt_tensor *a, const wrt_tensor *b);

/** Increments the version counter (shared by all views of the tensor). */
int32_t wrt_bump_version(const wrt_tensor *t);
/** t.as_strided(...): a view sharing storage and version counter. */
int32_t wrt_as_strided(const wrt_tensor *t, size_t rank, const int64_t *sizes, const int64_t *strides,
                       int64_t offset, wrt_tensor **out);
/** t.as_strided_(...): in place. */
int32_t wrt_as_strided_(const wrt_tensor *t, size_t rank, const int64_t *sizes, const int64_t *strides,
                        int64_t offset);
/** dst.set_(src). */
int32_t wrt_set_(const wrt_tensor *dst, const wrt_tensor *src);
/** dst.copy_(src): broadcasting, dtype conversion, same device. */
int32_t wrt_copy_(const wrt_tensor *dst, const wrt_tensor *src);
/** t.detach(). */
int32_t wrt_detach(const wrt_tensor *t, wrt_tensor **out);
/** t.view(dtype) for a dtype of the same size. */
int32_t wrt_view_dtype(const wrt_tensor *t, int32_t dtype, wrt_tensor **out);
/** t.requires_grad_(flag). */
int32_t wrt_set_requires_grad(const wrt_tensor *t, bool flag);
/** t._dynamo_weak_dynamic_indices.add(dim). */
int32_t wrt_mark_dynamic(const wrt_tensor *t, int64_t dim);
/** What an autograd.Function does to a tensor its forward returns: a
    differentiable floating-point one requires grad and is not a leaf;
    anything else neither requires grad nor stops being a leaf. */
int32_t wrt_mark_differentiable(const wrt_tensor *t, bool differentiable);
/** Copies the elements, in logical order, into out[0..capacity). */
int32_t wrt_read_f64(const wrt_tensor *t, double *out, size_t capacity);

/* ---- Called by compiled wrappers (one per level-2/3 op that is real work) ---- */

/** dst.as_strided_(src.size(), src.stride(), src.storage_offset()). */
int32_t wrt_as_strided_like_(const wrt_tensor *dst, const wrt_tensor *src);
/** t in a tangent's traced layout: a c10 memory format code, or 16 (strided)
 * with rank traced sizes and strides; *out is t itself when it has it. */
int32_t wrt_coerce_layout(const wrt_tensor *t, int32_t format, size_t rank, const int64_t *sizes,
                          const int64_t *strides, wrt_tensor **out);
/** dst.detach().copy_(src). */
int32_t wrt_detach_copy_(const wrt_tensor *dst, const wrt_tensor *src);
/* The write-back into an input that is a leaf, PyTorch's run-time test:
 * dst.detach().copy_(src) when dst requires grad, else dst.copy_(src). */
int32_t wrt_leaf_copy_(const wrt_tensor *dst, const wrt_tensor *src);
/** gen_alias_from_base's requires_grad patch, decided by the base's flag. */
int32_t wrt_patch_requires_grad(const wrt_tensor *view, const wrt_tensor *base, bool target, wrt_tensor **out);
/** Fails (WRT_ERR_ARG) if any element is NaN or Inf. */
int32_t wrt_assert_finite(const wrt_tensor *t, const char *name);
/** Fails (WRT_ERR_SHAPE) unless sizes and strides are exactly these. */
int32_t wrt_assert_size_stride(const wrt_tensor *t, size_t rank, const int64_t *sizes, const int64_t *strides);
/** AOTSyntheticBaseWrapper's base of n inputs that alias (arguments args[i] of the call, for messages):
 *  their common _base, or a fresh 1-d tensor over their storage with its own version counter; it must
 *  have rank and sizes (-1: any). Fails (WRT_ERR_ARG) if they do not share a storage, WRT_ERR_UNSUPPORTED
 *  where PyTorch refuses to merge them, WRT_ERR_SHAPE if the base differs from the compiled one. */
int32_t wrt_synthetic_base(const wrt_tensor *const *members, const int64_t *args, size_t n, bool trace_joint,
                           size_t rank, const int64_t *sizes, wrt_tensor **out);
/* Tensor-subclass instances (PyTorch's __tensor_flatten__ protocol). An
 * instance is a wrt_tensor whose header holds the outer dtype, device and
 * sizes; it owns no data, and data and geometry operations refuse it. */
/** A new instance of type_name holding new references to n_attrs attributes (plain tensors or instances). */
int32_t wrt_subclass_new(const char *type_name, int32_t dtype, size_t rank, const int64_t *outer_sizes, size_t n_attrs,
                         const char *const *names, const wrt_tensor *const *attrs, wrt_tensor **out);
/** dtype for wrt_subclass_attr: the attribute is itself a subclass instance. */
enum { WRT_SUBCLASS_ATTR = -1 };
/** A new reference to attribute index of an instance of type_name, checked to be an instance
 *  (dtype WRT_SUBCLASS_ATTR) or a plain tensor of this dtype, device kind, rank and sizes (-1: any). */
int32_t wrt_subclass_attr(const wrt_tensor *t, const char *type_name, size_t index, int32_t dtype, int32_t device_kind,
                          size_t rank, const int64_t *sizes, wrt_tensor **out);
/** Fails (WRT_ERR_ARG) unless t is an instance of type_name; the message starts with context (may be null). */
int32_t wrt_subclass_check_type(const wrt_tensor *t, const char *type_name, const char *context);
/** The number of attributes of an instance; -1 for a plain tensor or null. */
int64_t wrt_subclass_num_attrs(const wrt_tensor *t);
/** Validates a wrapper argument: non-null, dtype, device kind, rank, static sizes (-1: any). */
int32_t wrt_check_argument(const wrt_tensor *t, const char *entry, int64_t index, int32_t dtype, int32_t device_kind,
                           size_t rank, const int64_t *sizes);
/** Symbolic ints cross the ABI as 0-d i64 tensors. */
int32_t wrt_scalar_i64(const wrt_tensor *t, int64_t *out);
int32_t wrt_scalar_from_i64(int64_t value, wrt_tensor **out);
/** Address of the element at the storage offset; null for a null tensor. */
void *wrt_tensor_data_ptr(const wrt_tensor *t);
/** A host kernel: called once per program id with its argument array. */
typedef void (*wrt_host_kernel)(void *const *args, int64_t px, int64_t py, int64_t pz);
/** Runs `kernel` over the gx*gy*gz grid (x fastest), on several threads for large grids. */
int32_t wrt_launch_host(wrt_host_kernel kernel, int64_t gx, int64_t gy, int64_t gz, void *const *args);
/** Resolves entry in the shared object at library into *slot, once (a library kernel's first launch);
 *  returns at once when *slot is already set. The library stays open for the process. */
int32_t wrt_host_symbol(const char *library, const char *entry, void **slot);

/* ---- Embedder backend (runtime/src/external.rs) --------------------------
 * An embedding framework (PyTorch, through python/wrapc_torch) mirrors its
 * tensors as runtime tensors over its own memory, runs a compiled wrapper
 * on the mirrors, then applies their changed state back to its tensors. */

typedef struct wrt_external_tensor {
  void *data;       /* storage base address */
  uint64_t nbytes;  /* storage size */
  int32_t dtype;
  int32_t device_kind;
  int32_t device_index;
  uint64_t rank;
  const int64_t *sizes;
  const int64_t *strides;
  int64_t storage_offset;
  bool requires_grad;
  bool is_leaf;
  uint64_t version; /* initial value of a new version counter */
  void *owner;      /* released with release(owner) when the storage goes */
  void (*release)(void *owner);
} wrt_external_tensor;

/** A mirror of an embedder tensor: over new embedder memory (share null),
 *  or over share's storage (owner must be null), with share's version
 *  counter when share_version. */
int32_t wrt_from_external(const wrt_external_tensor *desc, const wrt_tensor *share, bool share_version,
                          wrt_tensor **out);

/** Records that mirror t is a view of mirror base (the embedder's t._base, whose own _base it takes when
 *  base is a view): they must share a storage (WRT_ERR_ARG otherwise). */
int32_t wrt_set_view_base(const wrt_tensor *t, const wrt_tensor *base);

/** The runtime's t._base in *out (a new reference), or null in *out when t is not a view. */
int32_t wrt_view_base(const wrt_tensor *t, wrt_tensor **out);

typedef struct wrt_external_backend {
  /* dst.copy_(src) when either is embedder memory; the runtime bumps versions. */
  int32_t (*copy)(const wrt_tensor *dst, const wrt_tensor *src);
  /* Memory for a new tensor (wrap.empty_strided): *data, and *owner, released with (*release)(*owner)
   * when the storage goes. Null: the runtime's own allocator. */
  int32_t (*alloc)(uint64_t nbytes, int32_t device_kind, int32_t device_index, void **data, void **owner,
                   void (**release)(void *owner));
  /* The embedder's operator op (wrap.extern_call): see wrt_extern_call. Null: extern calls fail. */
  int32_t (*call)(const char *op, const char *spec, void *const *cells, size_t n_cells, wrt_tensor **results,
                  size_t n_results);
} wrt_external_backend;

/** Installs the embedder's backend; it must outlive the process's use of the runtime. */
void wrt_set_external_backend(const wrt_external_backend *backend);
/** Calls the embedder's operator op ("aten::mm.out"): cells holds one 8-byte cell per operand (a tensor
 *  handle or an int64_t), spec says which is which and where each goes in the operator's schema
 *  (wrap.extern_call); the operator's new tensors come back in results (owned). */
int32_t wrt_extern_call(const char *op, const char *spec, void *const *cells, size_t n_cells, wrt_tensor **results,
                        size_t n_results);
/** The owner handle the embedder gave with t's storage (its allocator, or wrt_from_external), or null. */
void *wrt_external_owner(const wrt_tensor *t);
/** 1 if the tensor's memory belongs to the embedder, 0 if not, -1 for null. */
int64_t wrt_tensor_is_external(const wrt_tensor *t);

/* ---- CUDA backend (libcuda.so.1 is loaded on first use) ---------------- */

/* The tensor's data in new storage on device kind 0 (host) or 1 (CUDA). */
int32_t wrt_to_device(const wrt_tensor *t, int32_t device_kind, int32_t device_index, wrt_tensor **out);
/* Waits for the work the runtime queued on cuda:<device>. */
int32_t wrt_cuda_synchronize(int32_t device);
/* Device guard: makes cuda:<device> current; *previous is what to restore. */
int32_t wrt_cuda_guard_enter(int32_t device, void **previous);
int32_t wrt_cuda_guard_exit(int32_t device, void *previous);
/* The stream of a call: an embedder makes its framework's current stream
 * the call's (device, stream) by swapping it in before the call and again
 * after it, which puts back the previous one (calls nest); {-1, NULL}: none.
 * Every launch of the call on that device goes on it, so that the call is
 * ordered with the framework's work there and can be captured into the
 * caller's CUDA graph. Per thread. */
typedef struct wrt_cuda_call_stream {
  int32_t device;
  void *stream;
} wrt_cuda_call_stream;
void wrt_cuda_swap_stream(wrt_cuda_call_stream *scope);
/* What compiled code launches on: the call's stream for device, else own. */
void *wrt_cuda_stream(int32_t device, void *own);

/* Launch slots of compiled wrappers (see wrap-lower-lazy-launch). */
typedef struct wrt_cuda_config {
  int64_t block[3];
  int32_t num_warps;
  int32_t shared_bytes;
  const char *name;
} wrt_cuda_config;

typedef struct wrt_cuda_kernel {
  const uint8_t *image; /* PTX text or cubin */
  uint64_t image_size;
  const char *entry;
  const wrt_cuda_config *configs;
  int64_t num_configs;
} wrt_cuda_kernel;

typedef struct wrt_cuda_slot_entry {
  void *function; /* published last; non-null: the fields below are set */
  const void *launch; /* cuLaunchKernel */
  void *stream;
  int64_t divisor[3];
  int32_t threads;
  int32_t shared_bytes;
  int32_t failed; /* loading failed: the error is reported, never retried */
} wrt_cuda_slot_entry;

typedef struct wrt_cuda_slot {
  wrt_cuda_slot_entry entries[8];
} wrt_cuda_slot;

int32_t wrt_cuda_launch_slow(wrt_cuda_slot *slot, const wrt_cuda_kernel *kernel, int32_t device, void **params,
                             const wrt_tensor *const *tensors, int64_t num_params, const int64_t *extents,
                             int32_t by_elements, int32_t failed_status);

/* CUDA-graph mode (wrapc compile --cuda-graphs): an entry point's launches between begin and end are
 * recorded and replayed as one CUDA graph when they repeat; every parameter cell is 8 bytes. */
typedef struct wrt_cuda_graph_slot {
  void *cache; /* zero-initialized; owned by the runtime */
} wrt_cuda_graph_slot;

int32_t wrt_cuda_graph_begin(wrt_cuda_graph_slot *slot);
int32_t wrt_cuda_graph_launch(wrt_cuda_slot *slot, const wrt_cuda_kernel *kernel, int32_t device, void **params,
                              const wrt_tensor *const *tensors, int64_t num_params, const int64_t *extents,
                              int32_t by_elements);
int32_t wrt_cuda_graph_end(wrt_cuda_graph_slot *slot);

#ifdef __cplusplus
}
#endif

#endif /* WRAPC_RUNTIME_H */
