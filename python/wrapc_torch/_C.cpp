// wrapc_torch._C: runs a wrapc-compiled runtime wrapper on real torch
// tensors.
//
// The wrapper (a shared object `wrapc compile` produced, with wrapc's
// runtime linked in) works on runtime tensor objects whose headers it reads
// inline. Per call this file mirrors each torch tensor as a runtime tensor
// over torch's own memory (`wrt_from_external`), runs the wrapper, supplies
// the compiled graph it calls (`wrapc_torch_graph`, the Python callable
// AOTAutograd compiled), and afterwards applies what the wrapper changed to
// the torch tensors: version-counter deltas, `set_`, `as_strided_`, grad
// mode; regenerated views become torch views of their bases. Copies into
// torch memory run as torch's own `copy_` (the runtime's embedder backend),
// so they follow torch's stream, dtype and broadcasting rules.
//
// No Python runs on the call path except the graph itself.

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <ATen/core/Tensor.h>
#include <ATen/ops/empty.h>
#include <c10/core/GradMode.h>
#include <c10/util/SmallVector.h>
#include <torch/csrc/autograd/python_variable.h>
#include <torch/csrc/autograd/variable.h>

#include <dlfcn.h>

#include <cstdint>
#include <cstring>
#include <optional>
#include <cctype>
#include <string>
#include <vector>

extern "C" {
#include "wrapc_runtime.h"
}

namespace {

// The runtime functions of one loaded wrapper library (each library links
// its own copy of the runtime).
struct Runtime {
  const char *(*last_error)();
  void (*set_error)(const char *);
  bool (*grad_enabled)();
  void (*set_grad_enabled)(bool);
  void (*release)(wrt_tensor *);
  int32_t (*retain)(const wrt_tensor *, wrt_tensor **);
  int32_t (*from_external)(const wrt_external_tensor *, const wrt_tensor *, bool, wrt_tensor **);
  int32_t (*set_view_base)(const wrt_tensor *, const wrt_tensor *);
  int32_t (*view_base)(const wrt_tensor *, wrt_tensor **);
  void (*set_backend)(const wrt_external_backend *);
  int64_t (*requires_grad)(const wrt_tensor *);
  int64_t (*storage_id)(const wrt_tensor *);
  int32_t (*scalar_i64)(const wrt_tensor *, int64_t *);
  int32_t (*scalar_from_i64)(int64_t, wrt_tensor **);
};

using EntryFn = int32_t (*)(wrt_tensor *const *, size_t, wrt_tensor **, size_t);

constexpr int32_t kStatusError = 9;  // WRT_ERR_INTERNAL

bool runtime_dtype(at::ScalarType t, int32_t *code) {
  switch (t) {
    case at::kHalf: *code = WRT_F16; return true;
    case at::kBFloat16: *code = WRT_BF16; return true;
    case at::kFloat: *code = WRT_F32; return true;
    case at::kDouble: *code = WRT_F64; return true;
    case at::kChar: *code = WRT_I8; return true;
    case at::kInt: *code = WRT_I32; return true;
    case at::kLong: *code = WRT_I64; return true;
    case at::kBool: *code = WRT_BOOL; return true;
    case at::kByte: *code = WRT_U8; return true;
    case at::kShort: *code = WRT_I16; return true;
    default: return false;
  }
}

at::ScalarType torch_dtype(int64_t code) {
  switch (code) {
    case WRT_F16: return at::kHalf;
    case WRT_BF16: return at::kBFloat16;
    case WRT_F32: return at::kFloat;
    case WRT_F64: return at::kDouble;
    case WRT_I8: return at::kChar;
    case WRT_I32: return at::kInt;
    case WRT_I64: return at::kLong;
    case WRT_U8: return at::kByte;
    case WRT_I16: return at::kShort;
    default: return at::kBool;
  }
}

struct Wrapper;

// An output's recorded view chain, and the wrapper argument it is replayed
// on: PyTorch's orig_inputs[base_idx] for an output aliasing an input (-1:
// an intermediate base, or inputs merged or deduplicated by a layer around
// the runtime wrapper, where the base is found from the runtime's view).
struct Replay {
  PyObject *sequence = nullptr;
  Py_ssize_t input = -1;
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
};

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
  std::vector<Mirror> list;
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
  std::vector<StorageEntry> storages;
  Index<const c10::StorageImpl *> storage_by_impl;
  Index<int64_t> storage_by_id;
  PyObject *error_type = nullptr, *error_value = nullptr, *error_tb = nullptr;
  std::string failure;
  // Version bumps torch's own copy_ made for the runtime's delegated
  // copies, per storage: the runtime counted them on its mirrors already.
  std::vector<std::pair<const c10::StorageImpl *, int64_t>> copy_bumps;
  Index<const c10::StorageImpl *> copy_bump_at;

  int64_t delegated_bumps(const c10::StorageImpl *storage) const {
    auto at = copy_bump_at.find(storage);
    return at ? copy_bumps[*at].second : 0;
  }
};

thread_local Call *current_call = nullptr;

struct Wrapper {
  PyObject_HEAD
  vectorcallfunc vectorcall;  // the call path: arguments arrive without a tuple
  void *library;
  Runtime rt;
  EntryFn entry;
  PyObject *graph;   // boxed callable: graph(list) -> sequence
  PyObject *prefix;  // tuple of leading arguments (parameters, buffers)
  // 't' or 'i' per argument and result of the wrapper and of the graph (a
  // dedupe wrapper's graph takes fewer arguments than the entry).
  std::vector<char> in_kinds, out_kinds, graph_in_kinds, graph_out_kinds;
  // Per output, the frozenset of dims to mark dynamic (null: none), built
  // once when the wrapper is made.
  std::vector<PyObject *> dynamic_sets;
  bool single = false;  // return the only output itself, not a 1-tuple
  // Inputs that are views tell the runtime their _base (a synthetic-base
  // wrapper decides from it); off otherwise, as it costs a mirror per base.
  bool view_bases = false;
  // Per output, the ViewMeta sequence PyTorch replays when it regenerates
  // the output from its base (null: as_strided), and the function that
  // replays one (torch._C._functionalization.apply_view_meta_sequence).
  std::vector<Replay> replays;
  PyObject *apply_views = nullptr;
  // Per argument, the value a Python int had when the graph was traced, if
  // the graph took it as a constant (not a SymInt): another value is the
  // caller's error, not a silently different computation.
  std::vector<std::optional<long long>> int_constants;
  // Per argument, whether the traced tensor required grad (none: not a
  // tensor): an inference wrapper called with a tensor that requires grad,
  // or a training one without, would give its outputs the other's flags.
  std::vector<std::optional<bool>> requires_grad;
  // Per argument, the strides a compiled graph assumes (none: any).
  std::vector<std::optional<std::vector<int64_t>>> strides;
  // Per argument, the first argument over the same storage as the traced
  // one (-1: not a tensor); empty: not checked. A graph that mutates its
  // inputs was traced for exactly this sharing: one tensor passed twice, or
  // two views of one storage, where the trace had separate ones (or the
  // other way round), would compute with the wrong memory.
  std::vector<int64_t> alias_groups;
  // The grad mode the graph was traced under when it matters (tensors that
  // require grad: on is a training wrapper, off an inference one); -1: any.
  int grad_mode = -1;
};

StorageEntry *find_storage(Call &call, const c10::StorageImpl *impl) {
  auto at = call.storage_by_impl.find(impl);
  return at ? &call.storages[*at] : nullptr;
}

StorageEntry *find_runtime_storage(Call &call, int64_t id) {
  auto at = call.storage_by_id.find(id);
  return at ? &call.storages[*at] : nullptr;
}

// The mirror the call already made of the very tensor `t` (borrowed), if any.
wrt_tensor *mirrored(Call &call, const at::Tensor &t) {
  if (const Mirror *m = call.inputs.of(t)) return m->handle;
  if (const Mirror *m = call.bases.of(t)) return m->handle;
  return nullptr;
}

// A runtime mirror of `t` (a new reference), sharing storage and version
// counter with an earlier mirror over the same torch storage.
wrt_tensor *mirror(Call &call, const at::Tensor &t) {
  const Runtime &rt = *call.rt;
  int32_t dtype = 0;
  if (!runtime_dtype(t.scalar_type(), &dtype))
    throw std::runtime_error(std::string("wrapc: unsupported dtype ") + c10::toString(t.scalar_type()));
  if (t.dim() > WRT_MAX_RANK) throw std::runtime_error("wrapc: tensor rank above 8");
  c10::IntArrayRef sizes = t.sizes(), strides = t.strides();
  wrt_external_tensor desc{};
  desc.dtype = dtype;
  desc.device_kind = t.is_cuda() ? WRT_CUDA : WRT_HOST;
  desc.device_index = t.is_cuda() ? t.device().index() : 0;
  desc.rank = sizes.size();
  desc.sizes = sizes.data();
  desc.strides = strides.data();
  desc.storage_offset = t.storage_offset();
  desc.requires_grad = t.requires_grad();
  desc.is_leaf = t.is_leaf();
  desc.version = t.is_inference() ? 0 : static_cast<uint64_t>(t._version());
  c10::StorageImpl *impl = t.storage().unsafeGetStorageImpl();
  StorageEntry *shared = find_storage(call, impl);
  wrt_tensor *out = nullptr;
  int32_t status;
  if (shared) {
    status = rt.from_external(&desc, shared->mirror, true, &out);
  } else {
    desc.data = const_cast<void *>(t.storage().data());
    desc.nbytes = t.storage().nbytes();
    // No owner: every mirror is released before the call returns, and the
    // call holds each torch tensor a mirror views (the arguments, and the
    // graph's outputs in Call::graph_outputs) until then.
    status = rt.from_external(&desc, nullptr, false, &out);
  }
  if (status != WRT_OK) throw std::runtime_error(std::string("wrapc: ") + rt.last_error());
  if (!shared) {
    call.storages.push_back({impl, rt.storage_id(out), t, out});
    call.storage_by_impl.add(impl, call.storages.size() - 1);
    call.storage_by_id.add(call.storages.back().runtime_id, call.storages.size() - 1);
  }
  else if (shared->representative.is_view() && shared->representative._base().is_same(t)) shared->representative = t;
  return out;
}

// The geometry of a runtime tensor, read from its header as compiled code
// reads it (wrt_tensor_header is part of the ABI): no call, no copy.
const wrt_tensor_header &header(const wrt_tensor *h) { return *reinterpret_cast<const wrt_tensor_header *>(h); }

c10::IntArrayRef runtime_sizes(const Runtime &, const wrt_tensor *h) {
  const wrt_tensor_header &t = header(h);
  return c10::IntArrayRef(t.sizes, t.rank);
}

c10::IntArrayRef runtime_strides(const Runtime &, const wrt_tensor *h) {
  const wrt_tensor_header &t = header(h);
  return c10::IntArrayRef(t.strides, t.rank);
}

int64_t runtime_offset(const wrt_tensor *h) { return header(h).storage_offset; }

int64_t runtime_version(const wrt_tensor *h) {
  return static_cast<int64_t>(__atomic_load_n(header(h).version, __ATOMIC_SEQ_CST));
}

// Makes t's requires_grad what the runtime decided (gen_alias_from_base's
// patch_requires_grad).
at::Tensor match_requires_grad(at::Tensor t, bool requires_grad) {
  if (t.requires_grad() && !requires_grad) return t.detach();
  if (!t.requires_grad() && requires_grad && t.is_leaf()) t.set_requires_grad(true);
  return t;
}

// The torch tensor a runtime handle stands for: a mirror's own tensor, or
// a torch view over the storage of the mirror the runtime view came from.
// Whether torch's tensor still looks as the runtime's mirror does (the
// wrapper may have moved the mirror with as_strided_ or set_ already; the
// torch tensor follows only when the call ends).
bool same_state(Call &call, const wrt_tensor *h, const at::Tensor &t) {
  const Runtime &rt = *call.rt;
  StorageEntry *e = find_storage(call, t.storage().unsafeGetStorageImpl());
  return e && e->runtime_id == rt.storage_id(h) && t.storage_offset() == runtime_offset(h) &&
         t.sizes() == runtime_sizes(rt, h) && t.strides() == runtime_strides(rt, h);
}

// `sequence` replayed on `on`, if it gives a tensor over `base`'s storage
// with its dtype; else none (the Python error cleared).
std::optional<at::Tensor> replay_on(Call &call, const at::Tensor &on, const at::Tensor &base, PyObject *sequence) {
  PyObject *py_on = THPVariable_Wrap(on);
  PyObject *replayed =
      py_on ? PyObject_CallFunctionObjArgs(call.wrapper->apply_views, py_on, sequence, nullptr) : nullptr;
  Py_XDECREF(py_on);
  std::optional<at::Tensor> view;
  if (replayed && THPVariable_Check(replayed)) view = THPVariable_Unpack(replayed);
  Py_XDECREF(replayed);
  PyErr_Clear();
  if (view && (view->scalar_type() != base.scalar_type() || !view->storage().is_alias_of(base.storage())))
    view.reset();
  return view;
}

// The output regenerated from `base` as PyTorch's gen_alias_from_base makes
// it. An output aliasing the caller's input `replay.input` is that input
// with the output's recorded view chain replayed on it: the graph output's
// geometry, which the runtime took, is a view of the graph's own value —
// of a mutated input, a fresh tensor (x.add_(1); return x[1:] with x at
// offset 2 is at offset 4 of x's storage, not 2). Otherwise the runtime's
// geometry is right (a view of a base the graph returned); where autograd
// records the view (grad on, a base that requires grad) the chain is
// replayed on the base for the views' own grad_fn (TBackward0, not
// AsStridedBackward0), and used only if it lands on that geometry.
at::Tensor view_of(Call &call, const at::Tensor &base, const Replay &replay, c10::IntArrayRef sizes,
                   c10::IntArrayRef strides, int64_t offset) {
  if (replay.sequence && call.wrapper->apply_views) {
    if (replay.input >= 0 && static_cast<size_t>(replay.input) < call.inputs.list.size()) {
      const at::Tensor &input = call.inputs.list[replay.input].tensor;
      if (input.defined() && input.storage().is_alias_of(base.storage())) {
        if (auto view = replay_on(call, input, base, replay.sequence)) return *view;
        throw std::runtime_error("wrapc: replaying output's view chain on input #" + std::to_string(replay.input) +
                                 " did not give a view of it");
      }
    } else if (base.requires_grad() && at::GradMode::is_enabled()) {
      auto view = replay_on(call, base, base, replay.sequence);
      if (view && view->sizes() == sizes && view->strides() == strides && view->storage_offset() == offset)
        return *view;
    }
  }
  return base.as_strided(sizes, strides, offset);
}

// The graph output whose mirror is the runtime's _base of h, if any: a
// view the wrapper regenerated from an intermediate base (a user output,
// or an extra output the graph returns) is taken from that torch tensor,
// as gen_alias_from_base takes it, so that autograd records it against
// the base's grad_fn. The storage's first mirrored tensor is not that: in
// a training graph it is often the TensorAlias payload, a tensor autograd
// never saw.
const at::Tensor *graph_output_base(Call &call, const wrt_tensor *h) {
  wrt_tensor *base = nullptr;
  if (call.rt->view_base(h, &base) != WRT_OK) throw std::runtime_error(call.rt->last_error());
  const Mirror *found = base ? call.graph_outputs.with_handle(base) : nullptr;
  if (base) call.rt->release(base);
  return found ? &found->tensor : nullptr;
}

// The compiled wrapper numbers its arguments from the lifted parameters and
// buffers (the prefix) on; the caller numbers only what it passed. An
// argument check's "argument #N" is said the caller's way.
std::string caller_numbering(const std::string &message, Py_ssize_t n_prefix) {
  const std::string tag = "argument #";
  size_t at = message.find(tag);
  if (at == std::string::npos || n_prefix == 0) return message;
  size_t digits = at + tag.size(), end = digits;
  while (end < message.size() && std::isdigit(static_cast<unsigned char>(message[end]))) ++end;
  // The runtime writes the number; more than 18 digits is not one of its.
  if (end == digits || end - digits > 18) return message;
  long long n = std::stoll(message.substr(digits, end - digits));
  std::string said = n >= n_prefix ? tag + std::to_string(n - n_prefix)
                                   : "lifted parameter or buffer #" + std::to_string(n);
  return message.substr(0, at) + said + message.substr(end);
}

at::Tensor to_torch(Call &call, const wrt_tensor *h, const Replay &replay = Replay()) {
  const Runtime &rt = *call.rt;
  // One handle stands for one torch tensor (a tensor passed twice is one
  // mirror), so the first mirror with it is the one.
  if (const Mirror *m = call.inputs.with_handle(h); m && same_state(call, h, m->tensor)) return m->tensor;
  if (const Mirror *m = call.bases.with_handle(h); m && same_state(call, h, m->tensor)) return m->tensor;
  // A graph output returned as it is: torch's autograd made it (the
  // CompiledFunction's outputs get a grad_fn only where an input required
  // grad), so the runtime's static marking may only take requires_grad
  // away, never make a leaf that requires grad of it.
  if (const Mirror *m = call.graph_outputs.with_handle(h))
    return m->tensor.requires_grad() && rt.requires_grad(h) != 1 ? m->tensor.detach() : m->tensor;
  StorageEntry *e = find_runtime_storage(call, rt.storage_id(h));
  if (!e) throw std::runtime_error("wrapc: a runtime tensor over memory torch does not know");
  at::Tensor base = e->representative;
  if (const at::Tensor *b = graph_output_base(call, h); b && b->storage().is_alias_of(base.storage())) base = *b;
  at::ScalarType dtype = torch_dtype(header(h).dtype);
  auto sizes = runtime_sizes(rt, h);
  auto strides = runtime_strides(rt, h);
  int64_t offset = runtime_offset(h);
  at::Tensor view;
  if (header(h).version != header(e->mirror).version) {
    // A tensor with a version counter of its own (a synthetic base made
    // over the storage): torch's view must not share the mirrors' counter.
    view = at::empty({0}, base.options().dtype(dtype));
    view.set_(base.storage(), offset, sizes, strides);
  } else if (dtype == base.scalar_type()) {
    view = view_of(call, base, replay, sizes, strides, offset);
  } else if (static_cast<int64_t>(c10::elementSize(dtype)) == base.element_size()) {
    // The dtype view itself where it already has the runtime's geometry
    // (x.view(torch.int32)): as in eager, no view of a view.
    view = base.view(dtype);
    if (view.sizes() != sizes || view.strides() != strides || view.storage_offset() != offset)
      view = view.as_strided(sizes, strides, offset);
  } else {
    // A dtype view that changes the element size: a tensor over the same
    // storage, counted in the new element type.
    view = at::empty({0}, base.options().dtype(dtype));
    view.set_(base.storage(), offset, sizes, strides);
  }
  // patch_requires_grad compares the base's requires_grad, not the view's,
  // with the traced output's: a dtype view of a base that requires grad
  // (w.view(torch.int32), which cannot require grad) is detached, so it is
  // no view.
  bool requires_grad = rt.requires_grad(h) == 1;
  if (base.requires_grad() && !requires_grad) return view.detach();
  return match_requires_grad(view, requires_grad);
}

// A runtime value as Python sees it: a symbolic int ('i', a 0-d i64
// tensor at the ABI) or the torch tensor a handle stands for ('t').
PyObject *to_python(Call &call, const wrt_tensor *h, char kind, const Replay &replay = Replay()) {
  if (kind == 'i') {
    int64_t v = 0;
    if (call.rt->scalar_i64(h, &v) != WRT_OK) throw std::runtime_error(call.rt->last_error());
    return PyLong_FromLongLong(v);
  }
  return THPVariable_Wrap(to_torch(call, h, replay));
}

// ---- What the runtime calls back --------------------------------------

int32_t torch_copy(const wrt_tensor *dst, const wrt_tensor *src) {
  Call *call = current_call;
  if (!call) return kStatusError;
  try {
    at::Tensor d = to_torch(*call, dst);
    at::Tensor s = to_torch(*call, src);
    int64_t before = d.is_inference() ? 0 : d._version();
    d.copy_(s);
    if (!d.is_inference()) {
      const c10::StorageImpl *key = d.storage().unsafeGetStorageImpl();
      if (auto at = call->copy_bump_at.find(key)) {
        call->copy_bumps[*at].second += d._version() - before;
      } else {
        call->copy_bumps.push_back({key, d._version() - before});
        call->copy_bump_at.add(key, call->copy_bumps.size() - 1);
      }
    }
    return WRT_OK;
  } catch (const c10::Error &e) {
    call->rt->set_error(e.what_without_backtrace());
    return kStatusError;
  } catch (const std::exception &e) {
    call->rt->set_error(e.what());
    return kStatusError;
  }
}

const wrt_external_backend kTorchBackend = {torch_copy};

}  // namespace

// The compiled graph every imported wrapper calls: runs the call's Python
// graph on torch tensors and mirrors what it returns.
extern "C" __attribute__((visibility("default"))) int32_t wrapc_torch_graph(wrt_tensor *const *inputs, size_t n_in,
                                                                            wrt_tensor **outputs, size_t n_out) {
  Call *call = current_call;
  if (!call) return kStatusError;
  const Runtime &rt = *call->rt;
  Wrapper *w = call->wrapper;
  // The kinds came from Python: a library whose graph has another signature
  // is an error here, not an out-of-range read.
  if (n_in != w->graph_in_kinds.size() || n_out != w->graph_out_kinds.size()) {
    rt.set_error("wrapc: the compiled graph's signature differs from the kinds the wrapper was built with");
    return kStatusError;
  }
  bool torch_grad = c10::GradMode::is_enabled();
  c10::GradMode::set_enabled(rt.grad_enabled());
  // Cleared before anything can fail: the failure path releases what is
  // set, and the caller's slots hold whatever its stack did.
  for (size_t j = 0; j < n_out; ++j) outputs[j] = nullptr;
  PyObject *args = PyList_New(n_in);
  PyObject *seq = nullptr;
  int32_t status = WRT_OK;
  try {
    if (!args) throw std::runtime_error("wrapc: out of memory");
    for (size_t i = 0; i < n_in; ++i) {
      PyObject *value = to_python(*call, inputs[i], w->graph_in_kinds[i]);
      if (!value) throw std::runtime_error("wrapc: converting a graph argument failed");
      PyList_SET_ITEM(args, i, value);
    }
    PyObject *result = PyObject_CallOneArg(w->graph, args);
    if (!result) {
      PyErr_Fetch(&call->error_type, &call->error_value, &call->error_tb);
      throw std::runtime_error("the compiled graph raised an exception");
    }
    seq = PySequence_Fast(result, "the compiled graph must return a sequence");
    Py_DECREF(result);
    if (!seq) {
      PyErr_Fetch(&call->error_type, &call->error_value, &call->error_tb);
      throw std::runtime_error("the compiled graph did not return a sequence");
    }
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (static_cast<size_t>(n) != n_out)
      throw std::runtime_error("the compiled graph returned " + std::to_string(n) + " values, expected " +
                               std::to_string(n_out));
    for (size_t j = 0; j < n_out; ++j) {
      PyObject *item = PySequence_Fast_GET_ITEM(seq, j);
      if (w->graph_out_kinds[j] == 'i') {
        long long v = PyLong_AsLongLong(item);
        if (v == -1 && PyErr_Occurred()) {
          PyErr_Fetch(&call->error_type, &call->error_value, &call->error_tb);
          throw std::runtime_error("a graph output is not an int");
        }
        if (rt.scalar_from_i64(v, &outputs[j]) != WRT_OK) throw std::runtime_error(rt.last_error());
        continue;
      }
      if (!THPVariable_Check(item)) throw std::runtime_error("a graph output is not a tensor");
      const at::Tensor &t = THPVariable_Unpack(item);
      if (const Mirror *same = call->inputs.of(t)) {
        rt.retain(same->handle, &outputs[j]);
        continue;
      }
      wrt_tensor *h = mirror(*call, t);
      wrt_tensor *kept = nullptr;
      rt.retain(h, &kept);  // the call keeps one: handles stay unique while it runs
      call->graph_outputs.add(kept, t);
      outputs[j] = h;
    }
  } catch (const std::exception &e) {
    for (size_t j = 0; j < n_out; ++j)
      if (outputs[j]) { rt.release(outputs[j]); outputs[j] = nullptr; }
    call->failure = e.what();
    rt.set_error(e.what());
    status = kStatusError;
  }
  Py_XDECREF(seq);
  Py_XDECREF(args);
  c10::GradMode::set_enabled(torch_grad);
  return status;
}

namespace {

template <typename T>
bool load_symbol(void *library, const char *name, T *slot) {
  *slot = reinterpret_cast<T>(dlsym(library, name));
  if (!*slot) {
    PyErr_Format(PyExc_ImportError, "wrapc: %s is missing from the compiled wrapper", name);
    return false;
  }
  return true;
}

bool parse_kinds(PyObject *text, std::vector<char> *out) {
  const char *s = PyUnicode_AsUTF8(text);
  if (!s) return false;
  for (; *s; ++s) {
    if (*s != 't' && *s != 'i') {
      PyErr_SetString(PyExc_ValueError, "wrapc: kinds are 't' (tensor) or 'i' (int)");
      return false;
    }
    out->push_back(*s);
  }
  return true;
}

// Symbols the compiled library resolves against this extension.
bool export_graph_symbol() {
  Dl_info info;
  if (!dladdr(reinterpret_cast<void *>(&wrapc_torch_graph), &info) || !info.dli_fname) {
    PyErr_SetString(PyExc_ImportError, "wrapc: cannot locate the wrapc_torch extension");
    return false;
  }
  // Python loads extensions RTLD_LOCAL; promote this one so compiled
  // wrappers resolve wrapc_torch_graph against it.
  if (!dlopen(info.dli_fname, RTLD_NOW | RTLD_NOLOAD | RTLD_GLOBAL)) {
    PyErr_Format(PyExc_ImportError, "wrapc: %s", dlerror());
    return false;
  }
  return true;
}

PyObject *Wrapper_vectorcall(PyObject *callable, PyObject *const *args, size_t nargsf, PyObject *kwnames);

int Wrapper_init(Wrapper *self, PyObject *args, PyObject *kwargs) {
  static const char *names[] = {"library",      "entry",         "graph",        "prefix", "inputs",
                                "outputs",      "graph_inputs",  "graph_outputs", "dynamic_dims", "single",
                                "view_bases",   "replays",       "apply_views",   "int_constants", "requires_grad",
                                "strides",      "alias_groups",  "grad_mode",   nullptr};
  const char *path, *entry;
  PyObject *graph, *prefix, *ins, *outs, *gins, *gouts, *dyn, *replays = nullptr, *apply_views = nullptr,
           *int_constants = nullptr, *requires_grad = nullptr, *strides = nullptr, *alias_groups = nullptr;
  int single = 0, view_bases = 0, grad_mode = -1;
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "ssOO!UUUUO|ppO!OO!O!O!O!i", const_cast<char **>(names), &path,
                                   &entry, &graph, &PyTuple_Type, &prefix, &ins, &outs, &gins, &gouts, &dyn, &single,
                                   &view_bases, &PyTuple_Type, &replays, &apply_views, &PyTuple_Type,
                                   &int_constants, &PyTuple_Type, &requires_grad, &PyTuple_Type, &strides,
                                   &PyTuple_Type, &alias_groups, &grad_mode))
    return -1;
  self->grad_mode = grad_mode;
  if (alias_groups) {
    for (Py_ssize_t j = 0; j < PyTuple_GET_SIZE(alias_groups); ++j) {
      long long g = PyLong_AsLongLong(PyTuple_GET_ITEM(alias_groups, j));
      if (g == -1 && PyErr_Occurred()) return -1;
      self->alias_groups.push_back(g);
    }
  }
  if (strides) {
    for (Py_ssize_t j = 0; j < PyTuple_GET_SIZE(strides); ++j) {
      PyObject *row = PyTuple_GET_ITEM(strides, j);
      std::optional<std::vector<int64_t>> expected;
      if (row != Py_None) {
        PyObject *items = PySequence_Fast(row, "wrapc: strides must be sequences");
        if (!items) return -1;
        expected.emplace();
        for (Py_ssize_t d = 0; d < PySequence_Fast_GET_SIZE(items); ++d) {
          long long v = PyLong_AsLongLong(PySequence_Fast_GET_ITEM(items, d));
          if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(items);
            return -1;
          }
          expected->push_back(v);
        }
        Py_DECREF(items);
      }
      self->strides.push_back(std::move(expected));
    }
  }
  if (requires_grad) {
    for (Py_ssize_t j = 0; j < PyTuple_GET_SIZE(requires_grad); ++j) {
      PyObject *r = PyTuple_GET_ITEM(requires_grad, j);
      self->requires_grad.push_back(r == Py_None ? std::nullopt : std::optional<bool>(PyObject_IsTrue(r) == 1));
    }
  }
  if (int_constants) {
    for (Py_ssize_t j = 0; j < PyTuple_GET_SIZE(int_constants); ++j) {
      PyObject *c = PyTuple_GET_ITEM(int_constants, j);
      std::optional<long long> value;
      if (c != Py_None) {
        value = PyLong_AsLongLong(c);
        if (*value == -1 && PyErr_Occurred()) return -1;
      }
      self->int_constants.push_back(value);
    }
  }
  if (apply_views && apply_views != Py_None) {
    if (!PyCallable_Check(apply_views)) {
      PyErr_SetString(PyExc_TypeError, "wrapc: apply_views must be callable");
      return -1;
    }
    Py_INCREF(apply_views);
    self->apply_views = apply_views;
  }
  if (replays) {
    for (Py_ssize_t j = 0; j < PyTuple_GET_SIZE(replays); ++j) {
      // None, or (the ViewMeta sequence, the argument it replays on or -1).
      PyObject *r = PyTuple_GET_ITEM(replays, j);
      Replay replay;
      if (r != Py_None && !PyArg_ParseTuple(r, "On", &replay.sequence, &replay.input)) return -1;
      Py_XINCREF(replay.sequence);
      self->replays.push_back(replay);
    }
  }
  self->single = single;
  self->view_bases = view_bases;
  if (!PyCallable_Check(graph)) {
    PyErr_SetString(PyExc_TypeError, "wrapc: graph must be callable");
    return -1;
  }
  if (!parse_kinds(ins, &self->in_kinds) || !parse_kinds(outs, &self->out_kinds) ||
      !parse_kinds(gins, &self->graph_in_kinds) || !parse_kinds(gouts, &self->graph_out_kinds))
    return -1;
  PyObject *dims = PySequence_Fast(dyn, "dynamic_dims must be a sequence");
  if (!dims) return -1;
  for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(dims); ++i) {
    PyObject *row = PySequence_Fast_GET_ITEM(dims, i);
    Py_ssize_t n = PyObject_Length(row);
    PyObject *frozen = n > 0 ? PyFrozenSet_New(row) : nullptr;
    if (n < 0 || (n > 0 && !frozen)) {
      Py_DECREF(dims);
      return -1;
    }
    self->dynamic_sets.push_back(frozen);
  }
  Py_DECREF(dims);
  if (self->dynamic_sets.size() != self->out_kinds.size()) {
    PyErr_SetString(PyExc_ValueError, "wrapc: one dynamic_dims row per output");
    return -1;
  }
  if (!export_graph_symbol()) return -1;
  self->library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!self->library) {
    PyErr_Format(PyExc_ImportError, "wrapc: loading %s: %s", path, dlerror());
    return -1;
  }
  Runtime &rt = self->rt;
  void *l = self->library;
  if (!load_symbol(l, "wrt_last_error", &rt.last_error) || !load_symbol(l, "wrt_set_error", &rt.set_error) ||
      !load_symbol(l, "wrt_grad_enabled", &rt.grad_enabled) ||
      !load_symbol(l, "wrt_set_grad_enabled", &rt.set_grad_enabled) ||
      !load_symbol(l, "wrt_tensor_release", &rt.release) || !load_symbol(l, "wrt_tensor_retain", &rt.retain) ||
      !load_symbol(l, "wrt_from_external", &rt.from_external) ||
      !load_symbol(l, "wrt_set_view_base", &rt.set_view_base) || !load_symbol(l, "wrt_view_base", &rt.view_base) ||
      !load_symbol(l, "wrt_set_external_backend", &rt.set_backend) ||
      !load_symbol(l, "wrt_tensor_requires_grad", &rt.requires_grad) ||
      !load_symbol(l, "wrt_tensor_storage_id", &rt.storage_id) ||
      !load_symbol(l, "wrt_scalar_i64", &rt.scalar_i64) ||
      !load_symbol(l, "wrt_scalar_from_i64", &rt.scalar_from_i64) || !load_symbol(l, entry, &self->entry))
    return -1;
  rt.set_backend(&kTorchBackend);
  self->vectorcall = Wrapper_vectorcall;
  Py_INCREF(graph);
  Py_XSETREF(self->graph, graph);
  Py_INCREF(prefix);
  Py_XSETREF(self->prefix, prefix);
  return 0;
}

// Applies to each input what the wrapper did to its mirror.
// Only what the wrapper changed is applied: the graph may have changed the
// torch tensors itself (in-graph mutations), and that stands.
struct InputState {
  c10::StorageImpl *storage = nullptr;
  int64_t version = 0, storage_id = 0, offset = 0, rank = 0;
  int64_t sizes[WRT_MAX_RANK], strides[WRT_MAX_RANK];
  void record(const wrt_tensor *h) {
    const wrt_tensor_header &t = header(h);
    offset = t.storage_offset;
    rank = t.rank;
    std::memcpy(sizes, t.sizes, sizeof(sizes));
    std::memcpy(strides, t.strides, sizeof(strides));
  }
  bool same_geometry(const wrt_tensor *h) const {
    const wrt_tensor_header &t = header(h);
    return t.storage_offset == offset && t.rank == rank &&
           std::memcmp(t.sizes, sizes, sizeof(int64_t) * rank) == 0 &&
           std::memcmp(t.strides, strides, sizeof(int64_t) * rank) == 0;
  }
};

void reconcile_inputs(Call &call, const std::vector<InputState> &before) {
  const Runtime &rt = *call.rt;
  Index<int64_t> bumped_groups;
  bumped_groups.reserve(call.inputs.list.size());
  for (size_t i = 0; i < call.inputs.list.size(); ++i) {
    Mirror &m = call.inputs.list[i];
    if (!m.handle) continue;
    at::Tensor &t = m.tensor;
    const InputState &was = before[i];
    int64_t sid = rt.storage_id(m.handle);
    if (sid != was.storage_id) {
      StorageEntry *e = find_runtime_storage(call, sid);
      if (!e) throw std::runtime_error("wrapc: set_ to memory torch does not know");
      t.unsafeGetTensorImpl()->set_storage_keep_dtype(e->representative.storage());
    }
    if (sid != was.storage_id || !was.same_geometry(m.handle))
      t.unsafeGetTensorImpl()->set_sizes_and_strides(runtime_sizes(rt, m.handle), runtime_strides(rt, m.handle),
                                                      runtime_offset(m.handle));
    if (t.is_inference()) continue;
    // Views share one counter: settle each group of the call's inputs once.
    if (bumped_groups.find(was.storage_id)) continue;
    bumped_groups.add(was.storage_id, i);
    int64_t missing = (runtime_version(m.handle) - was.version) - call.delegated_bumps(was.storage);
    for (int64_t k = 0; k < missing; ++k) torch::autograd::impl::bump_version(t);
  }
}

// Refuses arguments that share storage otherwise than the traced ones did
// (`groups`: per argument, the first one over the same storage; -1 for a
// non-tensor). Another rank is left to the wrapper's own check, which names it.
void check_alias_groups(const std::vector<int64_t> &groups, PyObject *const *args, PyObject *boxed,
                        Py_ssize_t n_given) {
  Index<const c10::StorageImpl *> first;
  for (Py_ssize_t i = 0; i < n_given && static_cast<size_t>(i) < groups.size(); ++i) {
    PyObject *obj = boxed ? PyList_GET_ITEM(boxed, i) : args[i];
    if (groups[i] < 0 || !THPVariable_Check(obj)) continue;
    const at::Tensor &t = THPVariable_Unpack(obj);
    // A tensor without a strided storage (sparse) is the argument loop's
    // to name: asking for its storage throws.
    if (t.layout() != c10::kStrided || !t.has_storage()) continue;
    const c10::StorageImpl *impl = t.storage().unsafeGetStorageImpl();
    first.add(impl, i);
    int64_t group = static_cast<int64_t>(*first.find(impl));
    if (group == groups[i]) continue;
    std::string now = group == i ? "has a storage of its own" : "shares storage with argument " + std::to_string(group);
    std::string traced =
        groups[i] == i ? "one of its own" : "one shared with argument " + std::to_string(groups[i]);
    throw std::invalid_argument("argument " + std::to_string(i) + " " + now +
                                ", but the function mutates its inputs and was compiled for " + traced +
                                ": compile it again for arguments that share memory this way, or pass clones");
  }
}

PyObject *Wrapper_vectorcall(PyObject *callable, PyObject *const *args, size_t nargsf, PyObject *kwnames) {
  auto *self = reinterpret_cast<Wrapper *>(callable);
  if (kwnames && PyTuple_GET_SIZE(kwnames) > 0) {
    PyErr_SetString(PyExc_TypeError, "wrapc: compiled wrappers take positional arguments");
    return nullptr;
  }
  const Runtime &rt = self->rt;
  Py_ssize_t n_prefix = PyTuple_GET_SIZE(self->prefix);
  Py_ssize_t n_given = PyVectorcall_NARGS(nargsf);
  // AOTAutograd's boxed convention passes one list (never a valid argument
  // itself: arguments are tensors and ints).
  PyObject *boxed = nullptr;
  if (n_given == 1 && PyList_Check(args[0])) {
    boxed = args[0];
    n_given = PyList_GET_SIZE(boxed);
  }
  size_t n_in = self->in_kinds.size();
  if (static_cast<size_t>(n_prefix + n_given) != n_in) {
    PyErr_Format(PyExc_TypeError, "wrapc: the compiled function takes %zd arguments, got %zd",
                 static_cast<Py_ssize_t>(n_in) - n_prefix, n_given);
    return nullptr;
  }
  Call call;
  call.wrapper = self;
  call.rt = &rt;
  call.inputs.reserve(n_in);
  call.storages.reserve(n_in);
  call.storage_by_impl.reserve(n_in);
  call.storage_by_id.reserve(n_in);
  std::vector<wrt_tensor *> handles(n_in, nullptr);
  std::vector<InputState> before(n_in);
  size_t n_out = self->out_kinds.size();
  std::vector<wrt_tensor *> outputs(n_out, nullptr);
  PyObject *result = nullptr;
  Call *outer = current_call;
  bool grad_before = c10::GradMode::is_enabled();
  try {
    if (self->grad_mode >= 0 && grad_before != (self->grad_mode == 1))
      throw std::runtime_error(
          std::string("wrapc: grad mode is ") + (grad_before ? "on" : "off (torch.no_grad or torch.inference_mode)") +
          ", but the function was compiled with it " + (self->grad_mode == 1 ? "on" : "off") +
          " for tensors that require grad (" + (self->grad_mode == 1 ? "a training" : "an inference") +
          " wrapper): compile it again under this grad mode");
    if (!self->alias_groups.empty()) check_alias_groups(self->alias_groups, args, boxed, n_given);
    for (size_t i = 0; i < n_in; ++i) {
      PyObject *obj = i < static_cast<size_t>(n_prefix)
                          ? PyTuple_GET_ITEM(self->prefix, i)
                          : (boxed ? PyList_GET_ITEM(boxed, i - n_prefix) : args[i - n_prefix]);
      if (self->in_kinds[i] == 'i') {
        long long v = PyLong_AsLongLong(obj);
        if (v == -1 && PyErr_Occurred()) throw std::invalid_argument("argument " + std::to_string(i) + " must be an int");
        size_t user = i - static_cast<size_t>(n_prefix);
        if (i >= static_cast<size_t>(n_prefix) && user < self->int_constants.size() && self->int_constants[user] &&
            *self->int_constants[user] != v)
          throw std::invalid_argument("argument " + std::to_string(user) + " is " + std::to_string(v) +
                                      ", but the function was compiled with " +
                                      std::to_string(*self->int_constants[user]) +
                                      " there (a constant of the traced graph): compile it again for that value");
        if (rt.scalar_from_i64(v, &handles[i]) != WRT_OK) throw std::runtime_error(rt.last_error());
        call.inputs.add(nullptr, at::Tensor());
        continue;
      }
      if (!THPVariable_Check(obj)) throw std::invalid_argument("argument " + std::to_string(i) + " must be a tensor");
      const at::Tensor &t = THPVariable_Unpack(obj);
      // What a mirror cannot stand for: memory that is not a strided host
      // or CUDA buffer.
      if (t.layout() != c10::kStrided || !(t.is_cpu() || t.is_cuda()))
        throw std::invalid_argument((i >= static_cast<size_t>(n_prefix)
                                         ? "argument " + std::to_string(i - static_cast<size_t>(n_prefix))
                                         : "lifted parameter or buffer " + std::to_string(i)) +
                                    " is a " + c10::str(t.layout()) + " tensor on " + t.device().str() +
                                    ": wrapc takes strided tensors on the CPU or a CUDA device");
      if (size_t user = i - static_cast<size_t>(n_prefix); i >= static_cast<size_t>(n_prefix) &&
                                                             user < self->requires_grad.size() &&
                                                             self->requires_grad[user] &&
                                                             *self->requires_grad[user] != t.requires_grad())
        throw std::invalid_argument("argument " + std::to_string(user) +
                                    (t.requires_grad() ? " requires grad" : " does not require grad") +
                                    ", but the function was compiled for one that " +
                                    (t.requires_grad() ? "does not" : "does") +
                                    " (its wrapper is an inference or a training one): compile it again for it");
      if (size_t user = i - static_cast<size_t>(n_prefix); i >= static_cast<size_t>(n_prefix) &&
                                                             user < self->strides.size() && self->strides[user] &&
                                                             t.dim() == static_cast<int64_t>(self->strides[user]->size()) &&
                                                             t.strides() != c10::IntArrayRef(*self->strides[user]))
        throw std::invalid_argument("argument " + std::to_string(user) + " has strides " +
                                    c10::str(t.strides()) + ", but the function was compiled for " +
                                    c10::str(c10::IntArrayRef(*self->strides[user])) +
                                    " (Inductor's code assumes them): pass .contiguous() or compile it again for it");
      // One tensor passed twice is one runtime object (a dedupe wrapper
      // checks exactly that), not two mirrors with separate metadata.
      if (wrt_tensor *earlier = mirrored(call, t)) {
        if (rt.retain(earlier, &handles[i]) != WRT_OK) throw std::runtime_error(rt.last_error());
      } else {
        handles[i] = mirror(call, t);
        if (self->view_bases && t.is_view()) {
          at::Tensor base(t._base());
          wrt_tensor *b = mirrored(call, base);
          if (!b) {
            b = mirror(call, base);
            call.bases.add(b, base);
          }
          if (rt.set_view_base(handles[i], b) != WRT_OK) throw std::runtime_error(rt.last_error());
        }
      }
      call.inputs.add(handles[i], t);
      InputState &was = before[i];
      was.version = runtime_version(handles[i]);
      was.storage = t.storage().unsafeGetStorageImpl();
      was.storage_id = rt.storage_id(handles[i]);
      was.record(handles[i]);
    }
    rt.set_grad_enabled(grad_before);
    current_call = &call;
    int32_t status = self->entry(handles.data(), n_in, outputs.data(), n_out);
    current_call = outer;
    c10::GradMode::set_enabled(rt.grad_enabled());
    if (status != WRT_OK) {
      if (call.error_type) {
        PyErr_Restore(call.error_type, call.error_value, call.error_tb);
        call.error_type = call.error_value = call.error_tb = nullptr;
        throw std::exception();
      }
      throw std::runtime_error("wrapc: " + caller_numbering(rt.last_error(), n_prefix));
    }
    reconcile_inputs(call, before);
    result = PyTuple_New(n_out);
    if (!result) throw std::exception();
    for (size_t j = 0; j < n_out; ++j) {
      PyObject *value = to_python(call, outputs[j], self->out_kinds[j], j < self->replays.size() ? self->replays[j] : Replay());
      if (self->out_kinds[j] == 't') {
        if (value && self->dynamic_sets[j]) {
          // A fresh set per tensor (the attribute is mutated in place later).
          PyObject *dims = PySet_New(self->dynamic_sets[j]);
          PyObject *have = PyObject_GetAttrString(value, "_dynamo_weak_dynamic_indices");
          if (have) {
            PyObject *merged = PyNumber_InPlaceOr(have, dims);
            Py_XDECREF(merged);
            Py_DECREF(have);
          } else {
            PyErr_Clear();
            PyObject_SetAttrString(value, "_dynamo_weak_dynamic_indices", dims);
          }
          Py_DECREF(dims);
        }
      }
      if (!value) throw std::exception();
      PyTuple_SET_ITEM(result, j, value);
    }
    if (self->single && n_out == 1) {
      PyObject *only = PyTuple_GET_ITEM(result, 0);
      Py_INCREF(only);
      Py_SETREF(result, only);
    }
  } catch (const std::exception &e) {
    current_call = outer;
    Py_CLEAR(result);
    if (!PyErr_Occurred()) {
      const char *what = e.what();
      if (dynamic_cast<const std::invalid_argument *>(&e))
        PyErr_Format(PyExc_TypeError, "wrapc: %s", what);
      else
        PyErr_SetString(PyExc_RuntimeError, what);
    }
  }
  for (auto h : outputs) rt.release(h);
  for (auto h : handles) rt.release(h);
  for (auto &m : call.bases.list) rt.release(m.handle);
  for (auto &m : call.graph_outputs.list) rt.release(m.handle);
  Py_XDECREF(call.error_type);
  Py_XDECREF(call.error_value);
  Py_XDECREF(call.error_tb);
  return result;
}

void Wrapper_dealloc(Wrapper *self) {
  Py_XDECREF(self->graph);
  Py_XDECREF(self->prefix);
  for (PyObject *set : self->dynamic_sets) Py_XDECREF(set);
  for (const Replay &replay : self->replays) Py_XDECREF(replay.sequence);
  Py_XDECREF(self->apply_views);
  // The library stays loaded: torch tensors may still hold storages whose
  // owners it released, and unloading code is never worth the risk.
  self->~Wrapper();
  Py_TYPE(self)->tp_free(reinterpret_cast<PyObject *>(self));
}

PyObject *Wrapper_new(PyTypeObject *type, PyObject *, PyObject *) {
  PyObject *obj = type->tp_alloc(type, 0);
  // Default-initialized: value-initialization would zero the object header
  // tp_alloc just filled in.
  if (obj) new (reinterpret_cast<Wrapper *>(obj)) Wrapper;
  return obj;
}

PyTypeObject WrapperType = {PyVarObject_HEAD_INIT(nullptr, 0)};

PyModuleDef module_def = {PyModuleDef_HEAD_INIT, "wrapc_torch._C",
                          "Runs wrapc-compiled runtime wrappers on torch tensors.", -1, nullptr};

}  // namespace

PyMODINIT_FUNC PyInit__C() {
  WrapperType.tp_name = "wrapc_torch._C.Wrapper";
  WrapperType.tp_basicsize = sizeof(Wrapper);
  WrapperType.tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_VECTORCALL;
  WrapperType.tp_vectorcall_offset = offsetof(Wrapper, vectorcall);
  WrapperType.tp_doc = "A compiled runtime wrapper: Wrapper(library, entry, graph, prefix, inputs, outputs, "
                       "graph_outputs, dynamic_dims)(*args)";
  WrapperType.tp_new = Wrapper_new;
  WrapperType.tp_init = reinterpret_cast<initproc>(Wrapper_init);
  WrapperType.tp_dealloc = reinterpret_cast<destructor>(Wrapper_dealloc);
  WrapperType.tp_call = PyVectorcall_Call;
  if (PyType_Ready(&WrapperType) < 0) return nullptr;
  PyObject *m = PyModule_Create(&module_def);
  if (!m) return nullptr;
  Py_INCREF(&WrapperType);
  if (PyModule_AddObject(m, "Wrapper", reinterpret_cast<PyObject *>(&WrapperType)) < 0) return nullptr;
  return m;
}
