// wrapc_torch._C: runs a wrapc-compiled runtime wrapper on real torch
// tensors.
//
// The wrapper (a shared object `wrapc compile` produced, with wrapc's
// runtime linked in) works on runtime tensor objects whose headers it reads
// inline. Per call the extension mirrors each torch tensor as a runtime
// tensor over torch's own memory (`wrt_from_external`, mirror.cpp), runs
// the wrapper (this file: the Python type `Wrapper`), supplies
// the compiled graph it calls (`wrapc_torch_graph`, the Python callable
// AOTAutograd compiled), and afterwards applies what the wrapper changed to
// the torch tensors: version-counter deltas, `set_`, `as_strided_`, grad
// mode; regenerated views become torch views of their bases. Copies into
// torch memory run as torch's own `copy_` (the runtime's embedder backend),
// so they follow torch's stream, dtype and broadcasting rules.
//
// No Python runs on the call path except the graph itself.

#include "autograd.h"
#include "wrapper.h"

#include <c10/core/impl/VirtualGuardImpl.h>
#include <link.h>
#include <torch/csrc/DynamicTypes.h>

namespace wrapc_torch {
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

// The library's list of the arguments its entry only reads or bumps
// (absent: none),
// one byte each: a list of another length is a library built for another
// signature, refused rather than read past its end.
bool load_lendable(Wrapper *self, const char *entry) {
  // WRAPC_LEND_ARGUMENTS=0 mirrors every argument, as before lending: an
  // A/B for benchmarks, and a way to rule lending out.
  if (const char *lend = std::getenv("WRAPC_LEND_ARGUMENTS"); lend && std::strcmp(lend, "0") == 0) return true;
  std::string name = std::string(entry) + WRT_BORROWED_SUFFIX;
  void *flags = dlsym(self->library, name.c_str());
  if (!flags) return true;
  Dl_info info;
  ElfW(Sym) *symbol = nullptr;
  if (!dladdr1(flags, &info, reinterpret_cast<void **>(&symbol), RTLD_DL_SYMENT) || !symbol ||
      symbol->st_size != self->in_kinds.size()) {
    PyErr_Format(PyExc_ImportError, "wrapc: %s does not list one byte per argument of %s (%zu)", name.c_str(), entry,
                 self->in_kinds.size());
    return false;
  }
  const auto *bytes = static_cast<const uint8_t *>(flags);
  self->lendable.assign(bytes, bytes + self->in_kinds.size());
  for (size_t i = 0; i < self->lendable.size(); ++i)
    if (self->lendable[i] && self->in_kinds[i] == 'i') {
      PyErr_Format(PyExc_ImportError, "wrapc: %s lends argument %zu, which is not a tensor", name.c_str(), i);
      return false;
    }
  return true;
}

bool parse_kinds(PyObject *text, std::vector<char> *out) {
  const char *s = PyUnicode_AsUTF8(text);
  if (!s) return false;
  for (; *s; ++s) {
    if (*s != 't' && *s != 'i' && *s != 'o') {
      PyErr_SetString(PyExc_ValueError, "wrapc: kinds are 't' (tensor), 'o' (tensor or None) or 'i' (int)");
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

bool int_list(PyObject *seq, std::vector<int64_t> *out) {
  PyObject *items = PySequence_Fast(seq, "wrapc: expected a sequence of ints");
  if (!items) return false;
  for (Py_ssize_t d = 0; d < PySequence_Fast_GET_SIZE(items); ++d) {
    long long v = PyLong_AsLongLong(PySequence_Fast_GET_ITEM(items, d));
    if (v == -1 && PyErr_Occurred()) {
      Py_DECREF(items);
      return false;
    }
    out->push_back(v);
  }
  Py_DECREF(items);
  return true;
}

// Whether every module of a compiled nn.Module is in the mode it was
// traced in (Dynamo guards each module's `training`): the graph has that
// mode's dropout and batch statistics baked in. A dict lookup per module,
// not Python code.
bool modes_unchanged(Wrapper *self) {
  static PyObject *training = PyUnicode_InternFromString("training");
  for (const ModuleMode &m : self->modes) {
    PyObject *value = PyDict_GetItemWithError(m.dict, training);
    int now = value ? PyObject_IsTrue(value) : -1;
    if (now == -1) {
      if (!PyErr_Occurred()) PyErr_Format(PyExc_RuntimeError, "wrapc: module %s has no training flag", m.name.c_str());
      return false;
    }
    if (now != static_cast<int>(m.training)) {
      PyErr_Format(PyExc_RuntimeError,
                   "wrapc: module %s is in %s mode, but the function was compiled in %s mode: compile it again in "
                   "this mode",
                   m.name.c_str(), now ? "training" : "eval", now ? "eval" : "training");
      return false;
    }
  }
  return true;
}

// The caller's current stream on a native CUDA graph's device becomes the
// call's (wrt_cuda_swap_stream) for as long as the call runs: its launches
// then go where torch's allocations and operators for it go (the caching
// allocator and the extern kernels use the current stream), under
// torch.cuda.stream(s) as on the default stream, and a call made while
// torch.cuda.graph captures is recorded into the graph. The default stream
// is the runtime's own under an embedder (the legacy default stream), so
// nothing is swapped for it.
class CallStream {
 public:
  explicit CallStream(Wrapper *self) {
    if (self->cuda_device < 0) return;
    c10::impl::VirtualGuardImpl cuda(c10::DeviceType::CUDA);
    c10::Stream current = cuda.getStream(c10::Device(c10::kCUDA, static_cast<c10::DeviceIndex>(self->cuda_device)));
    if (current.id() == 0) return;
    swap_ = self->rt.swap_stream;
    scope_ = {self->cuda_device, current.native_handle()};
    swap_(&scope_);
  }
  ~CallStream() {
    if (swap_) swap_(&scope_);
  }
  CallStream(const CallStream &) = delete;
  CallStream &operator=(const CallStream &) = delete;

 private:
  void (*swap_)(wrt_cuda_call_stream *) = nullptr;
  wrt_cuda_call_stream scope_{-1, nullptr};
};

int Wrapper_init(Wrapper *self, PyObject *args, PyObject *kwargs) {
  static const char *names[] = {"library",      "entry",         "graph",        "prefix", "inputs",
                                "outputs",      "graph_inputs",  "graph_outputs", "dynamic_dims", "single",
                                "view_bases",   "replays",       "apply_views",   "int_constants", "requires_grad",
                                "strides",      "alias_groups",  "grad_mode",   "check_autocast", "lazy_ok",
                                "disable_amp",  "modes",         "cuda_device", "eager_bumps",
                                "view_op_last", "bumps_before_call", "view_replay", "subclass_inputs",
                                "subclass_rebuilds", "subclass_graph_outputs", "restride_chains", nullptr};
  const char *path, *entry;
  PyObject *graph, *prefix, *ins, *outs, *gins, *gouts, *dyn, *replays = nullptr, *apply_views = nullptr,
           *int_constants = nullptr, *requires_grad = nullptr, *strides = nullptr, *alias_groups = nullptr;
  int single = 0, view_bases = 0, grad_mode = -1, check_autocast = 0, disable_amp = 0, view_replay = 0;
  PyObject *lazy_ok = nullptr, *modes = nullptr, *eager_bumps = nullptr, *view_op_last = nullptr,
           *bumps_before_call = nullptr, *subclass_inputs = nullptr, *subclass_rebuilds = nullptr,
           *subclass_graph_outputs = nullptr, *restride_chains = nullptr;
  int cuda_device = -1;
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "ssOO!UUUUO|ppO!OO!O!O!O!ipO!pO!iO!O!O!pO!O!O!O!", const_cast<char **>(names),
                                   &path, &entry, &graph, &PyTuple_Type, &prefix, &ins, &outs, &gins, &gouts, &dyn,
                                   &single, &view_bases, &PyTuple_Type, &replays, &apply_views, &PyTuple_Type,
                                   &int_constants, &PyTuple_Type, &requires_grad, &PyTuple_Type, &strides,
                                   &PyTuple_Type, &alias_groups, &grad_mode, &check_autocast, &PyTuple_Type,
                                   &lazy_ok, &disable_amp, &PyTuple_Type, &modes, &cuda_device, &PyTuple_Type,
                                   &eager_bumps, &PyTuple_Type, &view_op_last, &PyTuple_Type,
                                   &bumps_before_call, &view_replay, &PyTuple_Type, &subclass_inputs,
                                   &PyTuple_Type, &subclass_rebuilds, &PyTuple_Type, &subclass_graph_outputs,
                                   &PyTuple_Type, &restride_chains))
    return -1;
  for (Py_ssize_t j = 0; subclass_graph_outputs && j < PyTuple_GET_SIZE(subclass_graph_outputs); ++j)
    if (!parse_subclass_spec(PyTuple_GET_ITEM(subclass_graph_outputs, j), &self->subclass_graph_outputs.emplace_back()))
      return -1;
  for (Py_ssize_t j = 0; subclass_inputs && j < PyTuple_GET_SIZE(subclass_inputs); ++j)
    if (!parse_subclass_spec(PyTuple_GET_ITEM(subclass_inputs, j), &self->subclass_inputs.emplace_back())) return -1;
  for (Py_ssize_t j = 0; subclass_rebuilds && j < PyTuple_GET_SIZE(subclass_rebuilds); ++j)
    if (!parse_subclass_output(PyTuple_GET_ITEM(subclass_rebuilds, j), &self->subclass_outputs.emplace_back()))
      return -1;
  self->view_replay = view_replay != 0;
  for (auto [tuple, into] :
       {std::pair{eager_bumps, &self->eager_bumps}, {bumps_before_call, &self->bumps_before_call}}) {
    for (Py_ssize_t j = 0; tuple && j < PyTuple_GET_SIZE(tuple); ++j) {
      long long n = PyLong_AsLongLong(PyTuple_GET_ITEM(tuple, j));
      if (n == -1 && PyErr_Occurred()) return -1;
      into->push_back(n);
    }
  }
  if (view_op_last) {
    for (Py_ssize_t j = 0; j < PyTuple_GET_SIZE(view_op_last); ++j) {
      int last = PyObject_IsTrue(PyTuple_GET_ITEM(view_op_last, j));
      if (last < 0) return -1;
      self->view_op_last.push_back(last != 0);
    }
  }
  self->cuda_device = cuda_device;
  if (modes) {
    // (name, module, training) per module of a compiled nn.Module.
    for (Py_ssize_t j = 0; j < PyTuple_GET_SIZE(modes); ++j) {
      const char *name = nullptr;
      PyObject *module = nullptr;
      int training = 0;
      if (!PyArg_ParseTuple(PyTuple_GET_ITEM(modes, j), "sOp", &name, &module, &training)) return -1;
      PyObject *dict = PyObject_GenericGetDict(module, nullptr);
      if (!dict) return -1;
      self->modes.push_back({name, dict, training != 0});
    }
  }
  self->disable_amp = disable_amp;
  if (lazy_ok)
    for (Py_ssize_t j = 0; j < PyTuple_GET_SIZE(lazy_ok); ++j)
      self->lazy_ok.push_back(PyObject_IsTrue(PyTuple_GET_ITEM(lazy_ok, j)) == 1);
  self->grad_mode = grad_mode;
  if (check_autocast) self->autocast = AutocastState::now();
  if (alias_groups) {
    for (Py_ssize_t j = 0; j < PyTuple_GET_SIZE(alias_groups); ++j) {
      long long g = PyLong_AsLongLong(PyTuple_GET_ITEM(alias_groups, j));
      if (g == -1 && PyErr_Occurred()) return -1;
      self->alias_groups.push_back(g);
    }
  }
  if (strides) {
    // Per argument None, or (sizes, strides) of the example.
    for (Py_ssize_t j = 0; j < PyTuple_GET_SIZE(strides); ++j) {
      PyObject *row = PyTuple_GET_ITEM(strides, j);
      std::optional<std::vector<int64_t>> sizes, expected;
      if (row != Py_None) {
        PyObject *pair = PySequence_Fast(row, "wrapc: strides rows are (sizes, strides)");
        if (!pair) return -1;
        bool ok = PySequence_Fast_GET_SIZE(pair) == 2 &&
                  int_list(PySequence_Fast_GET_ITEM(pair, 0), &sizes.emplace()) &&
                  int_list(PySequence_Fast_GET_ITEM(pair, 1), &expected.emplace());
        Py_DECREF(pair);
        if (!ok) {
          if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "wrapc: strides rows are (sizes, strides)");
          return -1;
        }
      }
      self->sizes.push_back(std::move(sizes));
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
  for (Py_ssize_t j = 0; restride_chains && j < PyTuple_GET_SIZE(restride_chains); ++j) {
    PyObject *chain = PyTuple_GET_ITEM(restride_chains, j);
    if (chain != Py_None) {
      if (!self->apply_views) {
        PyErr_SetString(PyExc_ValueError, "wrapc: restride chains need apply_views");
        return -1;
      }
      Py_INCREF(chain);
    }
    self->restride_chains.push_back(chain == Py_None ? nullptr : chain);
  }
  if (replays) {
    for (Py_ssize_t j = 0; j < PyTuple_GET_SIZE(replays); ++j) {
      // None, or (the ViewMeta sequence or None, the argument it replays on
      // or -1, the argument it is a view of or -1[, made again with
      // as_strided[, a detached alias[, the grad mode it is made under: 0,
      // 1 or -1[, the graph output whose view function makes it or -1[,
      // the chain starts at the argument's entry geometry[, its part after
      // the argument's own in-place view ops or None]]]]]]).
      PyObject *r = PyTuple_GET_ITEM(replays, j);
      Replay replay;
      int restride = 0, detached = 0, from_entry = 0;
      if (r != Py_None && !PyArg_ParseTuple(r, "Onn|ppinpO", &replay.sequence, &replay.input, &replay.base, &restride,
                                            &detached, &replay.grad_mode, &replay.graph_output, &from_entry,
                                            &replay.after_input))
        return -1;
      replay.restride = restride != 0;
      replay.from_entry = from_entry != 0;
      replay.detached = detached != 0;
      if (replay.grad_mode < -1 || replay.grad_mode > 1) {
        PyErr_SetString(PyExc_ValueError, "wrapc: a replay's grad mode is 0, 1 or -1");
        return -1;
      }
      if (replay.sequence == Py_None) replay.sequence = nullptr;
      if (replay.after_input == Py_None) replay.after_input = nullptr;
      Py_XINCREF(replay.sequence);
      Py_XINCREF(replay.after_input);
      self->keeps_graph_results = self->keeps_graph_results || replay.graph_output >= 0;
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
#define WRAPC_LOAD(field, function) \
  if (!load_symbol(l, #function, &rt.field)) return -1;
  WRAPC_RUNTIME_FUNCTIONS(WRAPC_LOAD)
#undef WRAPC_LOAD
  if (!load_symbol(l, entry, &self->entry))
    return -1;
  if (!load_lendable(self, entry)) return -1;
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
  const void *counter = nullptr;  // version_key
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

// `grad_mode`: the caller's, under which PyTorch's epilogue runs (before
// a grad mode the function leaves changed is set).
void reconcile_inputs(Call &call, c10::ArrayRef<InputState> before, bool grad_mode) {
  const Runtime &rt = *call.rt;
  c10::AutoGradMode epilogue_mode(grad_mode);
  // Bumps this function makes itself, through torch, per version counter:
  // the runtime counted them too.
  c10::SmallVector<std::pair<const void *, int64_t>, 4> own_bumps(call.bumps_before_call.begin(),
                                                                  call.bumps_before_call.end());
  for (size_t i = 0; i < call.inputs.list.size(); ++i) {
    Mirror &m = call.inputs.list[i];
    if (!m.handle) continue;
    at::Tensor &t = m.tensor;
    const InputState &was = before[i];
    int64_t sid = rt.storage_id(m.handle);
    if (sid != was.storage_id) {
      StorageEntry *e = find_runtime_storage(call, sid);
      if (!e) throw std::runtime_error("wrapc: set_ to memory torch does not know");
      c10::Storage target = e->representative.storage();
      if (StorageEntry *old = find_runtime_storage(call, was.storage_id); old && old->representative.is_same(t))
        rehome_representative(call, *old, t.storage(), t);
      t.unsafeGetTensorImpl()->set_storage_keep_dtype(std::move(target));
    }
    // A write-back's copy gave the input its new geometry already
    // (copy_destination): nothing more to apply.
    bool moved = !was.same_geometry(m.handle) && !has_geometry(t, m.handle) && !call.was_placed_by_chain(i);
    if (sid == was.storage_id && moved && autograd_sees_metadata_change(t)) {
      // Autograd must see the new geometry (PyTorch's epilogue runs
      // as_strided_): a view regenerated from the input, and the input's
      // own gradient, are computed in it.
      int64_t version = t._version();
      t.as_strided_(runtime_sizes(rt, m.handle), runtime_strides(rt, m.handle), runtime_offset(m.handle));
      call.restrided.push_back({t.unsafeGetTensorImpl(), t._version()});
      own_bumps.push_back({was.counter, t._version() - version});
    } else if (sid != was.storage_id || moved) {
      t.unsafeGetTensorImpl()->set_sizes_and_strides(runtime_sizes(rt, m.handle), runtime_strides(rt, m.handle),
                                                      runtime_offset(m.handle));
    }
  }
  // A lent argument the wrapper bumped (an input the graph wrote in place)
  // counted the bumps in its own cell: each one a write through it, as
  // eager's in-place op bumps the counter it shares with its views.
  for (const wrt_borrowed_tensor &l : call.lent) {
    if (l.header.borrowed != WRT_LENT || l.version_cell == 0) continue;
    const at::Tensor &t = lent_tensor(&l);
    if (t.is_inference()) continue;
    for (uint64_t k = 0; k < l.version_cell; ++k) torch::autograd::impl::bump_version(t);
  }
  // Views share one counter: settle each group of the call's inputs once.
  Index<const void *> bumped_groups;
  bumped_groups.reserve(call.inputs.list.size());
  for (size_t i = 0; i < call.inputs.list.size(); ++i) {
    Mirror &m = call.inputs.list[i];
    const InputState &was = before[i];
    if (!m.handle || m.tensor.is_inference() || bumped_groups.find(was.counter)) continue;
    bumped_groups.add(was.counter, i);
    int64_t missing = (runtime_version(m.handle) - was.version) - call.delegated_bumps(was.counter);
    for (const auto &[counter, bumps] : own_bumps)
      if (counter == was.counter) missing -= bumps;
    for (int64_t k = 0; k < missing; ++k) torch::autograd::impl::bump_version(m.tensor);
  }
}

// An argument eager bumps in a call: the caller's tensor (alive for the
// call), its version before it, and eager's count.
struct EagerCount {
  const at::Tensor *tensor;
  int64_t before, bumps;
  // Eager's last bump of it was an in-place view op on it under grad mode.
  bool view_op_last;
  // How many of the bumps are made before the call (bump_before_call).
  int64_t before_call;
  // Its geometry before the call.
  c10::SmallVector<int64_t, 5> sizes, strides;
  int64_t offset;
  EagerCount(const at::Tensor *t, int64_t bumps, bool view_op_last, int64_t before_call)
      : tensor(t), before(t->_version()), bumps(bumps), view_op_last(view_op_last), before_call(before_call),
        sizes(t->sizes().begin(), t->sizes().end()), strides(t->strides().begin(), t->strides().end()),
        offset(t->storage_offset()) {}
  bool same_geometry() const {
    return tensor->sizes() == c10::IntArrayRef(sizes) && tensor->strides() == c10::IntArrayRef(strides) &&
           tensor->storage_offset() == offset;
  }
};

// A view's grad_fn goes stale when its counter moves on (autograd then
// makes it again, as_strided from the base: AsStridedBackward0). Where
// eager's last bump was the view's own in-place view op under grad mode,
// the grad_fn that op recorded stays current in eager. Kept current past
// the top-up: the one the wrapper's as_strided_ recorded (the view's new
// geometry), or one current before the top-up over the geometry the call
// began with (an op that kept it: eager's TBackward1 of a 1-d x.t_(),
// where PyTorch's wrapper, seeing no change, keeps the same one). Not one
// the wrapper's metadata change outside autograd (under no_grad) left
// over another geometry: its gradient would not fit.
void keep_view_grad_fn(const Call &call, const EagerCount &count, int64_t version_before_top_up) {
  if (!count.view_op_last) return;
  const at::Tensor &t = *count.tensor;
  auto *view = torch::autograd::impl::get_view_autograd_meta(t);
  if (!view || !view->has_bw_view()) return;
  auto recorded = static_cast<int64_t>(view->get_attr_version());
  bool keep = recorded == version_before_top_up && count.same_geometry();
  for (const auto &[impl, version] : call.restrided)
    keep = keep || (impl == t.unsafeGetTensorImpl() && recorded == version);
  if (keep) view->set_attr_version(static_cast<uint32_t>(t._version()));
}

// Eager's bumps of an argument the wrapper never bumps (its in-place view
// ops that leave its geometry as it was: PyTorch's analysis sees no
// change), made before the call as eager makes them before its reads: a
// tensor the compiled graph saves for backward is saved at eager's
// version, where bumped after, backward raised that it was modified in
// place (random program 1035). Not on a counter an argument the wrapper or
// graph changes shares: those bump it after, and the count came out one
// over (random programs 2481, 4829, 8640). A view's grad_fn stays current
// where the last of them was its own view op (as in keep_view_grad_fn).
void bump_before_call(Call &call, const EagerCount &count) {
  if (count.before_call <= 0) return;
  const at::Tensor &t = *count.tensor;
  call.bumps_before_call.push_back({version_key(t), count.before_call});
  auto *view = torch::autograd::impl::get_view_autograd_meta(t);
  bool keep = count.view_op_last && view && view->has_bw_view() &&
              static_cast<int64_t>(view->get_attr_version()) == t._version();
  for (int64_t k = 0; k < count.before_call; ++k) torch::autograd::impl::bump_version(t);
  if (keep) view->set_attr_version(static_cast<uint32_t>(t._version()));
}

// Eager bumps an argument's counter once per in-place op on it or a view
// of it (x.add_(1); x.mul_(2) is two; two views of one base written once
// each are two on the counter they share); the write-back counts one per
// written input. Each counter is topped up to eager's count, the sum of
// its arguments' (the trace counted each argument's own), after a call
// that ran to its end (never lowered: a count wrapc exceeds stays).
void top_up_versions(const Call &call, c10::ArrayRef<EagerCount> counts) {
  for (size_t i = 0; i < counts.size(); ++i) {
    const void *counter = version_key(*counts[i].tensor);
    bool seen = false;
    int64_t want = 0;
    for (size_t k = 0; k < counts.size(); ++k) {
      if (version_key(*counts[k].tensor) != counter) continue;
      if (k < i) seen = true;
      // One tensor passed twice counts once (the trace gave the repeat 0).
      want += counts[k].bumps;
    }
    if (seen) continue;  // one counter, settled at its first argument
    int64_t version = counts[i].tensor->_version();
    for (int64_t done = version - counts[i].before; done < want; ++done)
      torch::autograd::impl::bump_version(*counts[i].tensor);
    for (size_t k = i; k < counts.size(); ++k)
      if (version_key(*counts[k].tensor) == counter) keep_view_grad_fn(call, counts[k], version);
  }
}

// Refuses arguments that share storage otherwise than the traced ones did
// (`groups`: per argument, the first one over the same storage; -1 for a
// non-tensor). Another rank is left to the wrapper's own check, which names it.
void check_alias_groups(const std::vector<int64_t> &groups, PyObject *const *args, Py_ssize_t n_given) {
  Index<const c10::StorageImpl *> first;
  for (Py_ssize_t i = 0; i < n_given && static_cast<size_t>(i) < groups.size(); ++i) {
    PyObject *obj = args[i];
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

// Argument i of the compiled wrapper, numbered as its caller numbers it.
std::string describe_argument(size_t i, Py_ssize_t n_prefix) {
  return i >= static_cast<size_t>(n_prefix) ? "argument " + std::to_string(i - static_cast<size_t>(n_prefix))
                                            : "lifted parameter or buffer " + std::to_string(i);
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
  // Called as the function it stands for: a list is one argument, refused
  // as eager refuses it (AOTAutograd's boxed convention is its callee's,
  // not its caller's).
  size_t n_in = self->in_kinds.size();
  if (static_cast<size_t>(n_prefix + n_given) != n_in) {
    PyErr_Format(PyExc_TypeError, "wrapc: the compiled function takes %zd arguments, got %zd",
                 static_cast<Py_ssize_t>(n_in) - n_prefix, n_given);
    return nullptr;
  }
  if (!modes_unchanged(self)) return nullptr;
  Call call;
  call.wrapper = self;
  call.rt = &rt;
  call.inputs.reserve(n_in);
  call.storages.reserve(n_in);
  call.storage_by_impl.reserve(n_in);
  call.storage_by_id.reserve(n_in);
  // On the stack for the usual call (a few heap blocks per call otherwise).
  c10::SmallVector<wrt_tensor *, 16> handles(n_in, nullptr);
  c10::SmallVector<InputState, 8> before(n_in);
  // The arguments eager bumps, with their versions before the call.
  c10::SmallVector<EagerCount, 4> eager_counts;
  // The version counters of the arguments the wrapper or graph changes.
  c10::SmallVector<const void *, 4> changed;
  // The lent arguments' headers (wrt_borrowed_tensor), one slot per
  // argument so that a handle's address stays put.
  c10::SmallVector<wrt_borrowed_tensor, 4> lent_args(self->lendable.empty() ? 0 : n_in);
  call.lent = lent_args;
  size_t n_out = self->out_kinds.size();
  c10::SmallVector<wrt_tensor *, 8> outputs(n_out, nullptr);
  PyObject *result = nullptr;
  Call *outer = current_call;
  bool grad_before = c10::GradMode::is_enabled();
  // Whether the compiled wrapper ran and, failing, may have left the
  // thread's grad mode as it set it around the graph.
  bool entered = false;
  try {
    // Inside the try: asking torch for the stream may throw (a device gone),
    // and the swap is undone on every exit from here, failures included.
    CallStream stream(self);
    if (self->autocast) {
      AutocastState now = AutocastState::now();
      if (!(now == *self->autocast))
        throw std::runtime_error("wrapc: autocast is " + now.describe() + ", but the function was compiled with it " +
                                 self->autocast->describe() +
                                 " (the graph's dtypes depend on it): compile it again under this autocast state");
    }
    if (self->grad_mode >= 0 && grad_before != (self->grad_mode == 1))
      throw std::runtime_error(
          std::string("wrapc: grad mode is ") + (grad_before ? "on" : "off (torch.no_grad or torch.inference_mode)") +
          ", but the function was compiled with it " + (self->grad_mode == 1 ? "on" : "off") +
          " for tensors that require grad (" + (self->grad_mode == 1 ? "a training" : "an inference") +
          " wrapper): compile it again under this grad mode");
    if (!self->alias_groups.empty()) check_alias_groups(self->alias_groups, args, n_given);
    for (size_t i = 0; i < n_in; ++i) {
      PyObject *obj = i < static_cast<size_t>(n_prefix)
                          ? PyTuple_GET_ITEM(self->prefix, i)
                          : args[i - n_prefix];
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
      if (self->in_kinds[i] == 'o' && obj == Py_None) {
        // The entry never reads it (a dropped gradient): a null handle.
        call.inputs.add(nullptr, at::Tensor());
        continue;
      }
      if (!THPVariable_Check(obj)) throw std::invalid_argument("argument " + std::to_string(i) + " must be a tensor");
      const at::Tensor &t = THPVariable_Unpack(obj);
      if (size_t user = i - static_cast<size_t>(n_prefix); i >= static_cast<size_t>(n_prefix) &&
                                                             user < self->requires_grad.size() &&
                                                             self->requires_grad[user] &&
                                                             *self->requires_grad[user] != t.requires_grad())
        throw std::invalid_argument("argument " + std::to_string(user) +
                                    (t.requires_grad() ? " requires grad" : " does not require grad") +
                                    ", but the function was compiled for one that " +
                                    (t.requires_grad() ? "does not" : "does") +
                                    " (its wrapper is an inference or a training one): compile it again for it");
      if (i < self->subclass_inputs.size() && self->subclass_inputs[i]) {
        handles[i] = mirror_instance(call, obj, *self->subclass_inputs[i], describe_argument(i, n_prefix));
        call.inputs.add(nullptr, t);
        continue;
      }
      // A wrapper subclass's data is its inner tensors' (its own storage
      // has none), which only a subclass argument's spec reads.
      if (t.unsafeGetTensorImpl()->is_python_dispatch() && t.has_storage() && !t.storage().data())
        throw std::invalid_argument(describe_argument(i, n_prefix) + " is a " + Py_TYPE(obj)->tp_name +
                                    " (a tensor subclass), but the function was compiled for a plain tensor there: "
                                    "compile it again for it");
      if (i < self->bumps_before_call.size() && self->bumps_before_call[i] < 0) changed.push_back(version_key(t));
      // What a mirror cannot stand for: memory that is not a strided host
      // or CUDA buffer.
      if (t.layout() != c10::kStrided || !(t.is_cpu() || t.is_cuda()))
        throw std::invalid_argument(describe_argument(i, n_prefix) + " is a " + c10::str(t.layout()) + " tensor on " + t.device().str() +
                                    ": wrapc takes strided tensors on the CPU or a CUDA device");
      // Its memory holds the negation (or conjugate) of its values; the
      // wrapper and compiled graphs read and write memory as it is.
      size_t user_index = i - static_cast<size_t>(n_prefix);
      bool lazy_ok = i >= static_cast<size_t>(n_prefix) && user_index < self->lazy_ok.size() && self->lazy_ok[user_index];
      if ((t.is_neg() || t.is_conj()) && !lazy_ok)
        throw std::invalid_argument(describe_argument(i, n_prefix) + " is a lazy " +
                                    (t.is_neg() ? "negation (torch._neg_view, x.conj().imag)" : "conjugate (x.conj())") +
                                    ", but the function was compiled for a tensor that is not: pass x.resolve_neg() / "
                                    "x.resolve_conj(), or compile it for one that is");
      // Another shape has other strides too: the wrapper's size check
      // names that mistake, not a stride mismatch.
      if (size_t user = i - static_cast<size_t>(n_prefix); i >= static_cast<size_t>(n_prefix) &&
                                                             user < self->strides.size() && self->strides[user] &&
                                                             t.sizes() == c10::IntArrayRef(*self->sizes[user]) &&
                                                             t.strides() != c10::IntArrayRef(*self->strides[user]))
        throw std::invalid_argument("argument " + std::to_string(user) + " has strides " +
                                    c10::str(t.strides()) + ", but the function was compiled for " +
                                    c10::str(c10::IntArrayRef(*self->strides[user])) +
                                    " (Inductor's code assumes them): pass .contiguous() or compile it again for it");
      if (i < self->eager_bumps.size() && self->eager_bumps[i] > 0 && !t.is_inference())
        eager_counts.emplace_back(&t, self->eager_bumps[i], i < self->view_op_last.size() && self->view_op_last[i],
                                  i < self->bumps_before_call.size() ? self->bumps_before_call[i] : 0);
      // Only read or bumped by the compiled code: lent as it is, with only
      // its header's bump count to apply afterwards (reconcile_inputs).
      if (!lent_args.empty() && self->lendable[i]) {
        handles[i] = lend(t, lent_args[i]);
        // Not held: the caller's argument outlives the call, and copying
        // a tensor that has a Python object takes the GIL's bookkeeping.
        call.inputs.add(nullptr, at::Tensor());
        continue;
      }
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
      was.counter = version_key(t);
      was.storage_id = rt.storage_id(handles[i]);
      was.record(handles[i]);
    }
    // Every argument checked: nothing is bumped for a call refused.
    for (const EagerCount &count : eager_counts)
      if (std::find(changed.begin(), changed.end(), version_key(*count.tensor)) == changed.end())
        bump_before_call(call, count);
    rt.set_grad_enabled(grad_before);
    current_call = &call;
    entered = true;
    int32_t status = self->entry(handles.data(), n_in, outputs.data(), n_out);
    current_call = outer;
    if (status != WRT_OK) {
      // What the wrapper did before the failure stands, as it does when
      // PyTorch's wrapper raises (its version bumps come first).
      reconcile_inputs(call, before, grad_before);
      reconcile_instances(call);
      if (call.error_type) {
        PyErr_Restore(call.error_type, call.error_value, call.error_tb);
        call.error_type = call.error_value = call.error_tb = nullptr;
        throw std::exception();
      }
      throw std::runtime_error("wrapc: " + caller_numbering(rt.last_error(), n_prefix));
    }
    // Inputs are written back and outputs regenerated under the caller's
    // grad mode, as PyTorch's epilogue runs; the grad mode the function
    // leaves (torch.set_grad_enabled inside it, wrap.grad_mode_set) is set
    // last. On a failure the caller's stays, as PyTorch's wrapper restores
    // it in its `finally`.
    bool grad_after = rt.grad_enabled();
    c10::GradMode::set_enabled(grad_before);
    reconcile_inputs(call, before, grad_before);
    reconcile_instances(call);
    top_up_versions(call, eager_counts);
    call.reconciled = true;
    result = PyTuple_New(n_out);
    if (!result) throw std::exception();
    for (size_t j = 0; j < n_out; ++j) {
      if (self->out_kinds[j] == 'o' && !outputs[j]) {
        Py_INCREF(Py_None);
        PyTuple_SET_ITEM(result, static_cast<Py_ssize_t>(j), Py_None);
        continue;
      }
      PyObject *value =
          self->out_kinds[j] == 't' && header(outputs[j]).subclass
              ? instance_to_python(call, outputs[j], j)
              : to_python(call, outputs[j], self->out_kinds[j], j < self->replays.size() ? self->replays[j] : Replay());
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
    c10::GradMode::set_enabled(grad_after);
    if (self->single && n_out == 1) {
      PyObject *only = PyTuple_GET_ITEM(result, 0);
      Py_INCREF(only);
      Py_SETREF(result, only);
    }
  } catch (const std::exception &e) {
    current_call = outer;
    if (entered) rt.set_grad_enabled(grad_before);
    c10::GradMode::set_enabled(grad_before);
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
  for (auto h : handles)
    if (h && !lent(h)) rt.release(h);
  for (auto &m : call.bases.list) rt.release(m.handle);
  for (auto &m : call.graph_outputs.list) rt.release(m.handle);
  for (auto &m : call.leaves.list) rt.release(m.handle);
  release_instances(call);
  Py_XDECREF(call.error_type);
  Py_XDECREF(call.error_value);
  Py_XDECREF(call.error_tb);
  return result;
}

void Wrapper_dealloc(Wrapper *self) {
  Py_XDECREF(self->graph);
  Py_XDECREF(self->prefix);
  for (PyObject *set : self->dynamic_sets) Py_XDECREF(set);
  for (const Replay &replay : self->replays) {
    Py_XDECREF(replay.sequence);
    Py_XDECREF(replay.after_input);
  }
  Py_XDECREF(self->apply_views);
  for (PyObject *chain : self->restride_chains) Py_XDECREF(chain);
  for (const ModuleMode &m : self->modes) Py_XDECREF(m.dict);
  for (SubclassOutput &out : self->subclass_outputs) Py_XDECREF(out.rebuild);
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

// Per argument of the compiled wrapper (lifted parameters first), whether
// calls lend it instead of mirroring it: what a test or a user checks.
PyObject *Wrapper_lendable(Wrapper *self, void *) {
  PyObject *flags = PyTuple_New(static_cast<Py_ssize_t>(self->in_kinds.size()));
  if (!flags) return nullptr;
  for (size_t i = 0; i < self->in_kinds.size(); ++i) {
    PyObject *flag = !self->lendable.empty() && self->lendable[i] ? Py_True : Py_False;
    Py_INCREF(flag);
    PyTuple_SET_ITEM(flags, static_cast<Py_ssize_t>(i), flag);
  }
  return flags;
}

PyGetSetDef Wrapper_getset[] = {
    {"lendable", reinterpret_cast<getter>(Wrapper_lendable), nullptr,
     "Per argument (lifted parameters first): lent to each call as it is, since the compiled code only reads it "
     "or bumps its version (no per-call mirror).",
     nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

PyTypeObject WrapperType = {PyVarObject_HEAD_INIT(nullptr, 0)};

// The extension's two dtype switches as tables, for the test that checks
// them against the runtime header and the importer (test_dtype_tables.py):
// ({torch dtype: runtime code} for every scalar type the mirror maps,
//  {runtime code: torch dtype} for every code 0..255 the extension maps).
PyObject *dtype_tables(PyObject *, PyObject *) {
  PyObject *codes = PyDict_New(), *dtypes = PyDict_New();
  auto fail = [&]() -> PyObject * {
    Py_XDECREF(codes);
    Py_XDECREF(dtypes);
    return nullptr;
  };
  if (!codes || !dtypes) return fail();
  for (int t = 0; t < static_cast<int>(at::ScalarType::NumOptions); ++t) {
    int32_t code = 0;
    if (!runtime_dtype(static_cast<at::ScalarType>(t), &code)) continue;
    PyObject *key = reinterpret_cast<PyObject *>(torch::getTHPDtype(static_cast<at::ScalarType>(t)));
    PyObject *value = PyLong_FromLong(code);
    bool added = value && PyDict_SetItem(codes, key, value) == 0;
    Py_XDECREF(value);
    if (!added) return fail();
  }
  for (int64_t code = 0; code < 256; ++code) {
    at::ScalarType t;
    try {
      t = torch_dtype(code);
    } catch (const std::runtime_error &) {
      continue;  // a code the extension does not map
    }
    PyObject *key = PyLong_FromLongLong(code);
    bool added = key && PyDict_SetItem(dtypes, key, reinterpret_cast<PyObject *>(torch::getTHPDtype(t))) == 0;
    Py_XDECREF(key);
    if (!added) return fail();
  }
  return Py_BuildValue("(NN)", codes, dtypes);
}

PyMethodDef module_methods[] = {
    {"dtype_tables", dtype_tables, METH_NOARGS,
     "({torch dtype: runtime code}, {runtime code: torch dtype}): the extension's dtype maps."},
    {nullptr, nullptr, 0, nullptr}};

PyModuleDef module_def = {PyModuleDef_HEAD_INIT, "wrapc_torch._C",
                          "Runs wrapc-compiled runtime wrappers on torch tensors.", -1, module_methods};


}  // namespace
}  // namespace wrapc_torch

using namespace wrapc_torch;

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
  WrapperType.tp_getset = Wrapper_getset;
  if (PyType_Ready(&WrapperType) < 0) return nullptr;
  PyObject *m = PyModule_Create(&module_def);
  if (!m) return nullptr;
  Py_INCREF(&WrapperType);
  if (PyModule_AddObject(m, "Wrapper", reinterpret_cast<PyObject *>(&WrapperType)) < 0) return nullptr;
  if (add_autograd_graph(m) < 0) return nullptr;
  // The most dimensions a runtime tensor has (the importer refuses more).
  if (PyModule_AddIntConstant(m, "MAX_RANK", WRT_MAX_RANK) < 0) return nullptr;
  // The importer's markers for Replay::base (wrapper.h), defined once here.
  if (PyModule_AddIntConstant(m, "SAME_GEOMETRY_INPUT", kSameGeometryInput) < 0) return nullptr;
  if (PyModule_AddIntConstant(m, "UNTRACKED_ALIAS", kUntrackedAlias) < 0) return nullptr;
  if (PyModule_AddIntConstant(m, "CALLER_INPUT", kCallerInput) < 0) return nullptr;
  return m;
}
