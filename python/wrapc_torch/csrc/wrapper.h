// The state wrapc_torch._C keeps per compiled wrapper and per call, shared
// by its two halves: mirror.cpp (torch tensors <-> runtime tensors, and
// what the runtime calls back: the graph and torch's copy_) and module.cpp
// (the Python type Wrapper, whose call runs a wrapper and applies its
// effects to the caller's tensors).

#ifndef WRAPC_TORCH_C_WRAPPER_H
#define WRAPC_TORCH_C_WRAPPER_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <ATen/core/Tensor.h>
#include <ATen/ops/empty.h>
#include <ATen/autocast_mode.h>
#include <c10/core/impl/LocalDispatchKeySet.h>
#include <c10/core/GradMode.h>
#include <c10/util/SmallVector.h>
#include <torch/csrc/autograd/python_variable.h>
#include <torch/csrc/autograd/variable.h>

#include <dlfcn.h>

#include <cstdint>
#include <memory>
#include <cstring>
#include <optional>
#include <cctype>
#include <string>
#include <vector>

extern "C" {
#include "wrapc_runtime.h"
}

namespace wrapc_torch {

// The runtime functions of one loaded wrapper library (each library links
// its own copy of the runtime).
// The runtime functions the extension calls, bound per compiled library
// by name (`field`, the header's function): each slot's type is the
// header's declaration of it, so the two cannot drift.
#define WRAPC_RUNTIME_FUNCTIONS(X)            \
  X(last_error, wrt_last_error)               \
  X(set_error, wrt_set_error)                 \
  X(grad_enabled, wrt_grad_enabled)           \
  X(set_grad_enabled, wrt_set_grad_enabled)   \
  X(release, wrt_tensor_release)              \
  X(retain, wrt_tensor_retain)                \
  X(from_external, wrt_from_external)         \
  X(set_view_base, wrt_set_view_base)         \
  X(view_base, wrt_view_base)                 \
  X(set_backend, wrt_set_external_backend)    \
  X(requires_grad, wrt_tensor_requires_grad)  \
  X(storage_id, wrt_tensor_storage_id)        \
  X(scalar_i64, wrt_scalar_i64)               \
  X(scalar_from_i64, wrt_scalar_from_i64)     \
  X(external_owner, wrt_external_owner)       \
  X(swap_stream, wrt_cuda_swap_stream)        \
  X(subclass_new, wrt_subclass_new)          \
  X(subclass_attr, wrt_subclass_attr)

struct Runtime {
#define WRAPC_RUNTIME_SLOT(field, function) decltype(&function) field = nullptr;
  WRAPC_RUNTIME_FUNCTIONS(WRAPC_RUNTIME_SLOT)
#undef WRAPC_RUNTIME_SLOT
};

using EntryFn = int32_t (*)(wrt_tensor *const *, size_t, wrt_tensor **, size_t);


// What a callback from the runtime returns when it fails (the message is
// set with the runtime's set_error).
constexpr int32_t kStatusError = WRT_ERR_INTERNAL;

// The runtime's dtype code for a torch dtype (false: one wrapc lacks), and
// the torch dtype of a runtime code.
bool runtime_dtype(at::ScalarType t, int32_t *code);
at::ScalarType torch_dtype(int64_t code);

struct Wrapper;

// An output's recorded view chain, and the wrapper argument it is replayed
// on: PyTorch's orig_inputs[base_idx] for an output aliasing an input (-1:
// an intermediate base, or inputs merged or deduplicated by a layer around
// the runtime wrapper, where the base is found from the runtime's view).
struct Replay {
  PyObject *sequence = nullptr;
  Py_ssize_t input = -1;
  // The argument an alias_of_input output is a view of (PyTorch's
  // orig_inputs[base_idx]), or -1: regenerated from that tensor, not from
  // whichever tensor over the storage was mirrored first (another view of
  // the same base would route its gradient elsewhere).
  Py_ssize_t base = -1;
  // The grad mode eager made the output (a view of a base that requires
  // grad) under, where the caller's is not it: 0 off (a view autograd does
  // not record), 1 on (the function turned grad on under the caller's
  // no_grad, and autograd records the view); -1 the caller's.
  int grad_mode = -1;
  // The output is a view eager wrote after taking it, which its autograd
  // records as AsStridedBackward0: the chain replayed on the input places
  // it, as_strided from the input makes it.
  bool restride = false;
  // The output is a detached alias (eager's x.detach()): over the
  // argument's memory, sharing its version counter, but no view (_base
  // None), however it is made.
  bool detached = false;
  // Where no chain makes it, the graph output (its index among the graph's
  // results) whose own view function makes it again on the base, as
  // gen_alias_from_base's `_view_func` route does; -1: none.
  Py_ssize_t graph_output = -1;
  // The chain starts at the input's geometry on entry, not its new one
  // (the importer's view_replays): replayed there where the write-back
  // moved the input by its restride chain.
  bool from_entry = false;
  // Of a chain from the entry geometry, the part after the input's own
  // in-place view ops (null: none): replayed on the input, eager's view
  // (its grad_fn), where it lands on the chain's geometry.
  PyObject *after_input = nullptr;
};

// Replay::base for an output that is one of the caller's arguments
// itself: Replay::input where the importer names it, else whichever
// argument has exactly its geometry (the module's SAME_GEOMETRY_INPUT,
// which the importer reads).
constexpr Py_ssize_t kSameGeometryInput = -2;
// Replay::base for an output AOTAutograd calls non_alias that the native
// graph returned as a reinterpretation of an argument's memory (Inductor's
// reinterpret_tensor): a tensor over that memory that no autograd view
// records, with a counter of its own, as reinterpret_tensor makes it (the
// module's UNTRACKED_ALIAS).
constexpr Py_ssize_t kUntrackedAlias = -3;
// Replay::base for an output that is the caller's argument Replay::input
// itself: an input the function returns that was not merged into a
// synthetic base, which merging others makes an alias of the graph's
// input, its value the graph's (the module's CALLER_INPUT).
constexpr Py_ssize_t kCallerInput = -4;

// What the extension reads of a tensor-subclass value: its type (the
// compiled guard), the runtime's name for it, its outer sizes, and its
// inner tensors' attribute names in flatten order, each with the spec of a nested
// instance or a plain tensor's dtype (runtime code), device and rank.
struct SubclassAttr {
  PyObject *name;
  std::string utf8;  // the name as the runtime takes it, made once
  std::unique_ptr<struct SubclassSpec> nested;
  int32_t dtype = 0;
  bool cuda = false;
  int64_t rank = 0;
};
struct SubclassSpec {
  PyObject *type = nullptr;
  std::string name;
  std::vector<int64_t> sizes;  // the outer tensor's (-1: any)
  std::vector<SubclassAttr> attrs;
  SubclassSpec() = default;
  SubclassSpec(const SubclassSpec &) = delete;
  SubclassSpec &operator=(const SubclassSpec &) = delete;
  ~SubclassSpec();
};

// What a subclass result is rebuilt with: PyTorch's creation function
// (called with its inner tensors and, for an alias of a subclass
// argument, that argument), what is read of it, and that argument (-1:
// none). `of_object`: the graph returned the result as a Python object
// (training), and `rebuild` makes the alias of `base` again from that
// object instead (PyTorch's gen_alias_from_base).
struct SubclassOutput {
  PyObject *rebuild = nullptr;
  std::unique_ptr<SubclassSpec> spec;
  Py_ssize_t base = -1;
  bool of_object = false;
};

// A runtime instance standing for a caller's subclass argument: its
// object, the torch tensor it is (whose version counter the wrapper's
// bumps of the instance move), and the instance's version at the start.
struct Instance {
  wrt_tensor *handle;
  at::Tensor outer;
  PyObject *object;
  int64_t version;
  // A graph's result (training): the call holds the object and a
  // reference to the handle (so that no other instance takes its address
  // while the call runs), both released when it ends.
  bool owned = false;
};

// One storage torch and the runtime both know: torch's StorageImpl, the
// runtime's storage id, and a torch tensor over it to take views of.
struct StorageEntry {
  c10::StorageImpl *impl;
  int64_t runtime_id;
  // What views of the storage the runtime makes are taken from: the first
  // tensor mirrored over it, or the base of that tensor when the graph
  // returns it too. PyTorch's gen_alias_from_base views the base (an
  // input, or an intermediate base the graph returned); a training graph
  // also returns views of that base (the TensorAlias payloads, made inside
  // its autograd.Function where autograd does not see them), and a view
  // regenerated from one of those would take its gradient nowhere.
  at::Tensor representative;
  wrt_tensor *mirror;  // the first mirror over it (alive for the call)
  // Per torch version counter over the storage, the first mirror with it:
  // tensors over one storage share a counter only when they are views of
  // one another (two set_ onto one storage count apart), and so do their
  // mirrors.
  // Inline: a storage usually has one (a heap block per argument per call
  // was a tenth of a call's time).
  c10::SmallVector<std::pair<const void *, wrt_tensor *>, 1> counters;
};

// The identity of t's version counter (null for an inference tensor,
// which has none). torch tells nowhere whether two tensors share one; the
// counter is VariableVersion's one member, an intrusive_ptr, read as such.
static_assert(sizeof(c10::VariableVersion) == sizeof(void *), "VariableVersion is one intrusive_ptr");
inline const void *version_key(const at::Tensor &t) {
  if (t.is_inference()) return nullptr;
  const c10::VariableVersion &version = t.unsafeGetTensorImpl()->version_counter();
  return *reinterpret_cast<void *const *>(&version);
}

// A runtime tensor object that stands for a torch tensor.
struct Mirror {
  wrt_tensor *handle;  // owned by the call
  at::Tensor tensor;
};

// Where keys (pointers, ids) first occur in one of a call's lists: a scan
// while they are few (the usual call: nothing allocated), then an
// open-addressing table in one array (a wrapper writing back a thousand
// inputs looked each one up in every list, quadratic per call; a node per
// key, as std::unordered_map allocates, made malloc most of a call).
// c10's ska::flat_hash_map, made and reserved per call, measured 1.5-2x
// slower here (200 arguments, A/B in alternation): this table is one
// zeroed array and a multiply per probe.
template <typename K>
class Index {
 public:
  // Records `key` at `at`, unless it is recorded already (the first stays).
  void add(K key, size_t at) {
    if (slots_.empty()) {
      for (const auto &[k, v] : few_)
        if (k == key) return;
      if (few_.size() < kFew) {
        few_.emplace_back(key, at);
        return;
      }
      grow();
    }
    if (2 * (size_ + 1) > slots_.size()) grow();
    Slot &slot = slots_[probe(key)];
    if (slot.used) return;
    slot = {key, at, true};
    ++size_;
  }

  // Room for `n` keys without growing (a call knows its argument count).
  void reserve(size_t n) {
    if (n <= kFew || 2 * n <= slots_.size()) return;
    size_t capacity = 4 * kFew;
    while (capacity < 2 * n) capacity *= 2;
    std::vector<Slot> old;
    old.swap(slots_);
    slots_.assign(capacity, Slot{});
    size_ = 0;
    for (const auto &[k, v] : few_) add(k, v);
    for (const Slot &slot : old)
      if (slot.used) add(slot.key, slot.at);
  }

  std::optional<size_t> find(K key) const {
    if (slots_.empty()) {
      for (const auto &[k, v] : few_)
        if (k == key) return v;
      return std::nullopt;
    }
    const Slot &slot = slots_[probe(key)];
    return slot.used ? std::optional<size_t>(slot.at) : std::nullopt;
  }

 private:
  struct Slot {
    K key{};
    size_t at = 0;
    bool used = false;
  };

  // Where the slot holding `key` is, or the empty one where it would go
  // (linear probing; the table is at most half full).
  size_t probe(K key) const {
    uint64_t bits = 0;
    std::memcpy(&bits, &key, sizeof(K) < sizeof(bits) ? sizeof(K) : sizeof(bits));
    size_t mask = slots_.size() - 1;
    for (size_t i = (bits * 0x9E3779B97F4A7C15ull) >> 20 & mask;; i = (i + 1) & mask)
      if (!slots_[i].used || slots_[i].key == key) return i;
  }

  void grow() { reserve(slots_.empty() ? 2 * kFew : slots_.size()); }

  static constexpr size_t kFew = 16;
  c10::SmallVector<std::pair<K, size_t>, kFew> few_;
  std::vector<Slot> slots_;
  size_t size_ = 0;
};

// Mirrors in the order made, found by handle and by the torch tensor.
struct Mirrors {
  c10::SmallVector<Mirror, 8> list;
  Index<const wrt_tensor *> by_handle;
  Index<const c10::TensorImpl *> by_tensor;

  void reserve(size_t n) {
    list.reserve(n);
    by_handle.reserve(n);
    by_tensor.reserve(n);
  }

  void add(wrt_tensor *handle, const at::Tensor &tensor) {
    list.push_back({handle, tensor});
    if (!handle) return;
    by_handle.add(handle, list.size() - 1);
    by_tensor.add(tensor.unsafeGetTensorImpl(), list.size() - 1);
  }
  const Mirror *with_handle(const wrt_tensor *h) const {
    auto at = by_handle.find(h);
    return at ? &list[*at] : nullptr;
  }
  const Mirror *of(const at::Tensor &t) const {
    auto at = by_tensor.find(t.unsafeGetTensorImpl());
    return at ? &list[*at] : nullptr;
  }
};

// State of one call; the graph trampoline and the copy hook find it through
// a thread-local pointer (calls nest: each restores its predecessor).
struct Call {
  Wrapper *wrapper;
  const Runtime *rt;
  // One per argument, in order (an int's has no handle).
  Mirrors inputs;
  // Mirrors of inputs' _base tensors that are not inputs themselves.
  Mirrors bases;
  Mirrors graph_outputs;
  // The inner tensors of subclass arguments, and the runtime instances
  // made of them (subclass.cpp).
  Mirrors leaves;
  c10::SmallVector<Instance, 2> instances;
  // What the graph returned, by its index (an int's slot undefined).
  c10::SmallVector<at::Tensor, 8> graph_results;
  c10::SmallVector<StorageEntry, 8> storages;
  Index<const c10::StorageImpl *> storage_by_impl;
  Index<int64_t> storage_by_id;
  PyObject *error_type = nullptr, *error_value = nullptr, *error_tb = nullptr;
  std::string failure;
  // The inputs' torch tensors have had the wrapper's changes applied.
  bool reconciled = false;
  // The lent arguments' headers, one slot per argument (borrowed 0: not
  // lent): their version cells count the wrapper's bumps.
  c10::ArrayRef<wrt_borrowed_tensor> lent;
  // The storages of lent arguments handed to the Python graph, held for
  // the call: the graph may set_ one onto other memory (a set_ AOTAutograd
  // keeps in it), and its header, views of it and the outputs regenerated
  // from those stay over the memory lent at the call's start.
  c10::SmallVector<c10::Storage, 2> lent_storages;
  // Version bumps torch's own copy_ made for the runtime's delegated
  // copies, per version counter: the runtime counted them on its mirrors
  // already.
  std::vector<std::pair<const void *, int64_t>> copy_bumps;
  Index<const void *> copy_bump_at;
  // Inputs the wrapper gave a new geometry with as_strided_ where
  // autograd records it, each with its version just after: the grad_fn
  // recorded then (keep_view_grad_fn).
  c10::SmallVector<std::pair<const c10::TensorImpl *, int64_t>, 2> restrided;
  // Arguments a write-back placed by their restride chain (torch's
  // geometry is then eager's, not the runtime's), each with the geometry
  // it came with.
  struct Placed {
    size_t input;
    std::vector<int64_t> sizes, strides;
    int64_t offset;
  };
  c10::SmallVector<Placed, 1> placed_by_chain;
  const Placed *placed(size_t i) const {
    for (const Placed &p : placed_by_chain)
      if (p.input == i) return &p;
    return nullptr;
  }
  bool was_placed_by_chain(size_t i) const { return placed(i) != nullptr; }
  // Eager's bumps made before the call, per version counter: a mirror's
  // header reads torch's counter, and these are no bumps of the runtime.
  c10::SmallVector<std::pair<const void *, int64_t>, 2> bumps_before_call;

  int64_t delegated_bumps(const void *counter) const {
    auto at = copy_bump_at.find(counter);
    return at ? copy_bumps[*at].second : 0;
  }
};

// What Dynamo's global-state guard compares of autocast: per device type
// whether it is on and its dtype, and whether its cast cache is on.
struct AutocastState {
  bool cpu = false, cuda = false, cache = true;
  at::ScalarType cpu_dtype = at::kBFloat16, cuda_dtype = at::kHalf;
  static AutocastState now() {
    AutocastState s;
    s.cpu = at::autocast::is_autocast_enabled(c10::DeviceType::CPU);
    s.cuda = at::autocast::is_autocast_enabled(c10::DeviceType::CUDA);
    s.cpu_dtype = at::autocast::get_autocast_dtype(c10::DeviceType::CPU);
    s.cuda_dtype = at::autocast::get_autocast_dtype(c10::DeviceType::CUDA);
    s.cache = at::autocast::is_autocast_cache_enabled();
    return s;
  }
  bool operator==(const AutocastState &o) const {
    return cpu == o.cpu && cuda == o.cuda && cache == o.cache && (!cpu || cpu_dtype == o.cpu_dtype) &&
           (!cuda || cuda_dtype == o.cuda_dtype);
  }
  std::string describe() const {
    std::string s;
    if (cpu) s += std::string("on for cpu (") + c10::toString(cpu_dtype) + ")";
    if (cuda) s += std::string(s.empty() ? "" : ", ") + "on for cuda (" + c10::toString(cuda_dtype) + ")";
    return s.empty() ? "off" : s;
  }
};

// A module of a compiled nn.Module and the mode it was traced in.
struct ModuleMode {
  std::string name;
  PyObject *dict;  // the module's __dict__, where nn.Module keeps `training`
  bool training;
};

struct Wrapper {
  PyObject_HEAD
  vectorcallfunc vectorcall;  // the call path: arguments arrive without a tuple
  void *library;
  Runtime rt;
  EntryFn entry;
  PyObject *graph;   // boxed callable: graph(list) -> sequence
  PyObject *prefix;  // tuple of leading arguments (parameters, buffers)
  // 't' or 'i' per argument and result of the wrapper and of the graph (a
  // dedupe wrapper's graph takes fewer arguments than the entry); 'o' a
  // tensor or None, passed as a null handle (a backward entry's gradients).
  std::vector<char> in_kinds, out_kinds, graph_in_kinds, graph_out_kinds;
  // Per output, the frozenset of dims to mark dynamic (null: none), built
  // once when the wrapper is made.
  std::vector<PyObject *> dynamic_sets;
  bool single = false;  // return the only output itself, not a 1-tuple
  // Inputs that are views tell the runtime their _base (a synthetic-base
  // wrapper decides from it); off otherwise, as it costs a mirror per base.
  bool view_bases = false;
  // A training graph: its call runs with autograd's view replay on, as
  // PyTorch's runs it (_force_original_view_tracking), so that a view it
  // returns carries the view op that made it (Replay::graph_output).
  bool view_replay = false;
  // Some output is made by a graph output's view function: the call keeps
  // the graph's results by slot (decided once, from the replays).
  bool keeps_graph_results = false;
  // Per output, the ViewMeta sequence PyTorch replays when it regenerates
  // the output from its base (null: as_strided), and the function that
  // replays one (torch._C._functionalization.apply_view_meta_sequence).
  std::vector<Replay> replays;
  PyObject *apply_views = nullptr;
  // Per argument, the ViewMeta sequence of the in-place view ops the
  // function ran on it where it also wrote its data (null: none): the
  // geometry the write-back gives the caller's tensor is theirs replayed
  // on it, not the graph's value's (a dense copy at offset 0).
  std::vector<PyObject *> restride_chains;
  // Per argument, the value a Python int had when the graph was traced, if
  // the graph took it as a constant (not a SymInt): another value is the
  // caller's error, not a silently different computation.
  std::vector<std::optional<long long>> int_constants;
  // Per argument, whether the traced tensor required grad (none: not a
  // tensor): an inference wrapper called with a tensor that requires grad,
  // or a training one without, would give its outputs the other's flags.
  std::vector<std::optional<bool>> requires_grad;
  // Per argument, the sizes and strides a compiled graph assumes (none:
  // any; Inductor's code is specialized to both).
  std::vector<std::optional<std::vector<int64_t>>> sizes, strides;
  // Per argument, the first argument over the same storage as the traced
  // one (-1: not a tensor); empty: not checked. A graph that mutates its
  // inputs was traced for exactly this sharing: one tensor passed twice, or
  // two views of one storage, where the trace had separate ones (or the
  // other way round), would compute with the wrong memory.
  std::vector<int64_t> alias_groups;
  // Per argument, the version bumps eager makes in a call (AOTAutograd's
  // trace counted them: one per in-place op on it or a view of it); the
  // write-back counts one per written input, so the call tops its
  // counter up to this. Empty: none known.
  std::vector<int64_t> eager_bumps;
  std::vector<bool> view_op_last;
  // Per argument, how many of eager's bumps are made before the call.
  std::vector<int64_t> bumps_before_call;
  // The grad mode the graph was traced under when it matters (tensors that
  // require grad: on is a training wrapper, off an inference one); -1: any.
  int grad_mode = -1;
  // The output is a view eager wrote after taking it, which its autograd
  // records as AsStridedBackward0: the chain replayed on the input places
  // it, as_strided from the input makes it.
  bool restride = false;
  // The autocast state the graph was traced under, when no Dynamo guards
  // it (wrapc_torch.compile): traced under autocast, the graph computes in
  // the low-precision dtype and calling it outside would differ from eager
  // (and the reverse).
  std::optional<AutocastState> autocast;
  // Modules whose training flag the call checks (wrapc_torch.compile of an
  // nn.Module; Dynamo guards them for the backend).
  std::vector<ModuleMode> modes;
  // The device of a native CUDA graph (its launches go on the caller's
  // current stream there; see CallStream), or -1.
  int cuda_device = -1;
  // The graph runs with autocast off (the importer's disable_amp: traced
  // under autocast, its casts are in the graph).
  bool disable_amp = false;
  // Per argument, whether it may be a lazy negation or conjugate (compiled
  // for one: only torch's own ops touch its memory).
  std::vector<bool> lazy_ok;
  // Per argument, whether the compiled code only reads it or bumps its
  // version (the library's `<entry>_borrowed`): the caller's tensor is
  // lent as a header filled for the call (`wrt_borrowed_tensor`), with no
  // mirror, and only the header's bump count applied afterwards. Empty:
  // every tensor argument is mirrored.
  std::vector<uint8_t> lendable;
  // Per argument, what is read of a tensor-subclass one (null: a plain
  // value); per output, what is read of a subclass result and the
  // function rebuilding it from its inner tensors (null: none). Empty: no
  // subclass anywhere.
  std::vector<std::unique_ptr<SubclassSpec>> subclass_inputs;
  std::vector<struct SubclassOutput> subclass_outputs;
  // Training: per value the graph returns, what is read of a subclass one
  // (null: a plain value). The graph is then CompiledFunction.apply over
  // the instances themselves (PyTorch puts the subclass wrapper inside
  // it): it takes the caller's objects and returns subclass objects.
  std::vector<std::unique_ptr<SubclassSpec>> subclass_graph_outputs;
};

// The call running on this thread (null outside one).
extern thread_local Call *current_call;

// The backend the runtime copies through: torch's own copy_.
extern const wrt_external_backend kTorchBackend;

// The geometry of a runtime tensor, read from its header as compiled code
// reads it (wrt_tensor_header is part of the ABI): no call, no copy.
inline const wrt_tensor_header &header(const wrt_tensor *h) { return *reinterpret_cast<const wrt_tensor_header *>(h); }

inline c10::IntArrayRef runtime_sizes(const Runtime &, const wrt_tensor *h) {
  const wrt_tensor_header &t = header(h);
  return c10::IntArrayRef(t.sizes, t.rank);
}

inline c10::IntArrayRef runtime_strides(const Runtime &, const wrt_tensor *h) {
  const wrt_tensor_header &t = header(h);
  return c10::IntArrayRef(t.strides, t.rank);
}

inline int64_t runtime_offset(const wrt_tensor *h) { return header(h).storage_offset; }

// Whether torch tensor t has these sizes, strides and storage offset.
inline bool has_geometry(const at::Tensor &t, c10::IntArrayRef sizes, c10::IntArrayRef strides, int64_t offset) {
  return t.storage_offset() == offset && t.sizes() == sizes && t.strides() == strides;
}

// Whether torch tensor t has runtime tensor h's sizes, strides and offset.
inline bool has_geometry(const at::Tensor &t, const wrt_tensor *h) {
  const wrt_tensor_header &r = header(h);
  return t.storage_offset() == r.storage_offset && t.sizes() == c10::IntArrayRef(r.sizes, r.rank) &&
         t.strides() == c10::IntArrayRef(r.strides, r.rank);
}

// The lent header h is, if it is one (wrt_borrowed_tensor).
inline const wrt_borrowed_tensor *lent(const wrt_tensor *h) {
  return header(h).borrowed ? reinterpret_cast<const wrt_borrowed_tensor *>(h) : nullptr;
}

// The caller's tensor a lent header stands for (of a lent view: the
// tensor it is a view of).
inline const at::Tensor &lent_tensor(const wrt_borrowed_tensor *l) { return *static_cast<const at::Tensor *>(l->embedder); }

inline int64_t runtime_version(const wrt_tensor *h) {
  return static_cast<int64_t>(__atomic_load_n(header(h).version, __ATOMIC_SEQ_CST));
}

// Defined in mirror.cpp; used by module.cpp.
StorageEntry *find_runtime_storage(Call &call, int64_t id);
void rehome_representative(const Call &call, StorageEntry &entry, const c10::Storage &storage,
                           const at::Tensor &moving);

// The embedder backend's hooks for native graphs (extern.cpp): memory from
// torch's allocator, torch's operators, and torch tensors over runtime
// memory.
int32_t torch_alloc(uint64_t nbytes, int32_t kind, int32_t index, void **data, void **owner, void (**release)(void *));
int32_t torch_call(const char *op, const char *spec, void *const *cells, size_t n_cells, wrt_tensor **results,
                   size_t n_results);
at::Tensor torch_over(Call &call, const wrt_tensor *h);

// Whether an input's metadata change is applied so that autograd records
// it (as_strided_, under grad mode), as PyTorch's epilogue does; else its
// geometry is set directly, as eager's change under no_grad left it.
bool autograd_sees_metadata_change(const at::Tensor &t);

// The runtime's descriptor of torch tensor t's geometry and dtype (data,
// owner and flags left to the caller); throws for a dtype or rank the
// runtime lacks. The sizes and strides point into t.
wrt_external_tensor describe(const at::Tensor &t);
wrt_tensor *mirrored(Call &call, const at::Tensor &t);
wrt_tensor *mirror(Call &call, const at::Tensor &t);
// Fills `out` as the header of `t` lent for the call (t outlives it).
wrt_tensor *lend(const at::Tensor &t, wrt_borrowed_tensor &out);
std::string caller_numbering(const std::string &message, Py_ssize_t n_prefix);
PyObject *to_python(Call &call, const wrt_tensor *h, char kind, const Replay &replay = Replay());
// The torch tensor runtime handle h stands for (mirror.cpp).
at::Tensor to_torch(Call &call, const wrt_tensor *h, const Replay &replay = Replay());

// subclass.cpp: a spec from Python (None: none); the runtime instance for a
// subclass argument (a new reference; `what` names it in errors); the
// wrapper's bumps of each instance applied to the caller's object; a
// subclass result as Python sees it.
bool parse_subclass_spec(PyObject *row, std::unique_ptr<SubclassSpec> *out);
bool parse_subclass_output(PyObject *row, SubclassOutput *out);
// The caller's tensor for wrapper argument i (mirror.cpp; null: none).
const at::Tensor *argument(const Call &call, Py_ssize_t i);
wrt_tensor *mirror_instance(Call &call, PyObject *obj, const SubclassSpec &spec, const std::string &what);
void reconcile_instances(Call &call);
// A subclass object the graph returned (training), as a runtime instance
// (a new reference) the call holds with the object until
// release_instances.
wrt_tensor *graph_instance(Call &call, PyObject *obj, const SubclassSpec &spec, const std::string &what);
void release_instances(Call &call);
// The object of instance h, an argument's or a graph result's (a new
// reference).
PyObject *instance_object(Call &call, const wrt_tensor *h);
PyObject *instance_to_python(Call &call, const wrt_tensor *h, size_t output);

}  // namespace wrapc_torch

// The compiled graph every imported wrapper calls (mirror.cpp), exported
// for compiled wrappers to resolve (module.cpp promotes the extension).
extern "C" __attribute__((visibility("default"))) int32_t wrapc_torch_graph(wrt_tensor *const *inputs, size_t n_in,
                                                                            wrt_tensor **outputs, size_t n_out);

#endif  // WRAPC_TORCH_C_WRAPPER_H
