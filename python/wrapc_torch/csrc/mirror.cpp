// wrapc_torch._C, the torch side of a call: each torch tensor is mirrored
// as a runtime tensor over torch's own memory (`wrt_from_external`), and a
// runtime handle the wrapper returns becomes the torch tensor it stands for
// (a regenerated view: a torch view of its base). Also what the runtime
// calls back during a call: the compiled graph (`wrapc_torch_graph`, the
// Python callable AOTAutograd compiled) and torch's `copy_` (the runtime's
// embedder backend), so that copies follow torch's stream, dtype and
// broadcasting rules.

#include "wrapper.h"

#include <ATen/core/LegacyTypeDispatch.h>

#include <algorithm>

#include <ATen/TensorGeometry.h>
#include <c10/core/impl/COW.h>

namespace wrapc_torch {

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
    case WRT_BOOL: return at::kBool;
    // A code the runtime has and this table lacks: an error, never another
    // dtype's tensor over the memory.
    default:
      throw std::runtime_error("wrapc: a runtime tensor of dtype code " + std::to_string(code) +
                               ", which the extension does not map to torch");
  }
}


thread_local Call *current_call = nullptr;

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
  if (const Mirror *m = call.leaves.of(t)) return m->handle;
  return nullptr;
}

// A runtime mirror of `t` (a new reference), sharing storage and version
// counter with an earlier mirror over the same torch storage.
wrt_external_tensor describe(const at::Tensor &t) {
  int32_t dtype = 0;
  if (!runtime_dtype(t.scalar_type(), &dtype))
    throw std::runtime_error(std::string("wrapc: unsupported dtype ") + c10::toString(t.scalar_type()));
  if (t.dim() > WRT_MAX_RANK)
    throw std::runtime_error("wrapc: tensor rank above " + std::to_string(WRT_MAX_RANK));
  wrt_external_tensor desc{};
  desc.dtype = dtype;
  desc.device_kind = t.is_cuda() ? WRT_CUDA : WRT_HOST;
  desc.device_index = t.is_cuda() ? t.device().index() : 0;
  desc.rank = t.sizes().size();
  desc.sizes = t.sizes().data();
  desc.strides = t.strides().data();
  desc.storage_offset = t.storage_offset();
  return desc;
}

// A torch storage's memory made the caller's own before compiled code
// may write it: a lazy clone's memory is its source's until written, and
// the wrapper writes through a raw pointer (an inline memmove, a kernel),
// which torch's copy-on-write cannot see, so the clone gets its own memory
// first, as torch's first write would give it.
static void own_memory(c10::StorageImpl *impl) {
  if (c10::impl::cow::is_cow_data_ptr(impl->data_ptr())) impl->mutable_data();
}

wrt_tensor *lend(const at::Tensor &t, wrt_borrowed_tensor &out) {
  int32_t dtype = 0;
  if (!runtime_dtype(t.scalar_type(), &dtype))
    throw std::runtime_error(std::string("wrapc: unsupported dtype ") + c10::toString(t.scalar_type()));
  size_t rank = t.dim();
  if (rank > WRT_MAX_RANK) throw std::runtime_error("wrapc: tensor rank above " + std::to_string(WRT_MAX_RANK));
  c10::StorageImpl *impl = t.storage().unsafeGetStorageImpl();
  own_memory(impl);
  wrt_tensor_header &h = out.header;
  h.dtype = dtype;
  h.device_kind = t.is_cuda() ? WRT_CUDA : WRT_HOST;
  h.device_index = t.is_cuda() ? t.device().index() : 0;
  h.rank = static_cast<int64_t>(rank);
  h.storage_offset = t.storage_offset();
  std::memcpy(h.sizes, t.sizes().data(), rank * sizeof(int64_t));
  std::memcpy(h.strides, t.strides().data(), rank * sizeof(int64_t));
  out.version_cell = 0;
  h.version = &out.version_cell;
  h.data = const_cast<void *>(impl->data());
  h.subclass = 0;
  h.borrowed = WRT_LENT;
  out.nbytes = impl->nbytes();
  out.embedder = const_cast<at::Tensor *>(&t);
  return reinterpret_cast<wrt_tensor *>(&out);
}

wrt_tensor *mirror(Call &call, const at::Tensor &t) {
  const Runtime &rt = *call.rt;
  wrt_external_tensor desc = describe(t);
  desc.requires_grad = t.requires_grad();
  desc.is_leaf = t.is_leaf();
  desc.version = t.is_inference() ? 0 : static_cast<uint64_t>(t._version());
  c10::StorageImpl *impl = t.storage().unsafeGetStorageImpl();
  own_memory(impl);
  StorageEntry *shared = find_storage(call, impl);
  wrt_tensor *out = nullptr;
  int32_t status;
  const void *counter = version_key(t);
  if (shared) {
    auto same = std::find_if(shared->counters.begin(), shared->counters.end(),
                             [&](const auto &entry) { return entry.first == counter; });
    if (same != shared->counters.end())
      status = rt.from_external(&desc, same->second, true, &out);
    else
      status = rt.from_external(&desc, shared->mirror, false, &out);
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
    call.storages.push_back({impl, rt.storage_id(out), t, out, {{counter, out}}});
    call.storage_by_impl.add(impl, call.storages.size() - 1);
    call.storage_by_id.add(call.storages.back().runtime_id, call.storages.size() - 1);
  } else if (std::none_of(shared->counters.begin(), shared->counters.end(),
                          [&](const auto &entry) { return entry.first == counter; })) {
    shared->counters.push_back({counter, out});
  }
  else if (shared->representative.is_view() && shared->representative._base().is_same(t)) shared->representative = t;
  return out;
}

// Makes t's requires_grad what the runtime decided (gen_alias_from_base's
// patch_requires_grad).
at::Tensor match_requires_grad(at::Tensor t, bool requires_grad) {
  if (t.requires_grad() && !requires_grad) return t.detach();
  if (!t.requires_grad() && requires_grad && t.is_leaf()) t.set_requires_grad(true);
  return t;
}

// Gives `entry` a representative over its own storage again when `moving`,
// the one it had, is set_ onto other memory (by the graph, or by the
// write-back): what the runtime made over the old storage (a view taken
// before the set_, as eager's `v = x[1:]; x.set_(y)` keeps x's old memory)
// is still a view of it. Another argument over it, else a tensor over
// `storage`, which also keeps the memory alive when `moving` held its
// last reference.
void rehome_representative(const Call &call, StorageEntry &entry, const c10::Storage &storage,
                           const at::Tensor &moving) {
  for (const Mirror &m : call.inputs.list)
    if (m.tensor.defined() && !m.tensor.is_same(moving) && m.tensor.has_storage() &&
        m.tensor.storage().unsafeGetStorageImpl() == entry.impl) {
      entry.representative = m.tensor;
      return;
    }
  at::Tensor over = at::empty({0}, entry.representative.options().requires_grad(false));
  over.set_(storage);
  entry.representative = over;
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
std::optional<at::Tensor> replay_on(Call &call, const at::Tensor &on, const at::Tensor &base, PyObject *sequence,
                                    std::optional<at::ScalarType> dtype = std::nullopt) {
  PyObject *py_on = THPVariable_Wrap(on);
  PyObject *replayed =
      py_on ? PyObject_CallFunctionObjArgs(call.wrapper->apply_views, py_on, sequence, nullptr) : nullptr;
  Py_XDECREF(py_on);
  std::optional<at::Tensor> view;
  if (replayed && THPVariable_Check(replayed)) view = THPVariable_Unpack(replayed);
  Py_XDECREF(replayed);
  PyErr_Clear();
  if (view && (view->scalar_type() != dtype.value_or(base.scalar_type()) || !view->storage().is_alias_of(base.storage())))
    view.reset();
  return view;
}

// The caller's tensor for wrapper argument `i`, mirrored or lent; null
// for an int, or an index out of range (a Replay's markers are negative).
const at::Tensor *argument(const Call &call, Py_ssize_t i) {
  if (i < 0 || static_cast<size_t>(i) >= call.inputs.list.size()) return nullptr;
  if (const at::Tensor &t = call.inputs.list[i].tensor; t.defined()) return &t;
  if (static_cast<size_t>(i) < call.lent.size() && call.lent[i].header.borrowed == WRT_LENT)
    return &lent_tensor(&call.lent[i]);
  return nullptr;
}

// gen_alias_from_base's route where no chain is replayed: the graph
// output's own view function (recorded where view replay was on around the
// graph, as PyTorch's training call runs it) replayed on `base`, given the
// geometry of the base that output was taken from (as Tensor._view_func,
// which declines a base of another storage size or geometry). None where
// the output is no view, or records no view function (as_strided then,
// the caller's own fallback).
std::optional<at::Tensor> by_view_func(const Call &call, Py_ssize_t graph_output, const at::Tensor &base) {
  if (static_cast<size_t>(graph_output) >= call.graph_results.size()) return std::nullopt;
  const at::Tensor &made = call.graph_results[graph_output];
  if (!made.defined()) return std::nullopt;
  auto *meta = torch::autograd::impl::get_view_autograd_meta(made);
  if (!meta || !meta->has_bw_view()) return std::nullopt;
  const torch::autograd::ViewInfo &info = meta->get_backward_view();
  const at::Tensor &from = info.base_;
  if (!info.has_view_fn() ||
      base.storage().nbytes() / base.itemsize() != from.storage().nbytes() / from.itemsize())
    return std::nullopt;
  at::Tensor on = base;
  if (on.sizes() != from.sizes() || on.strides() != from.strides() || on.storage_offset() != from.storage_offset())
    on = base.as_strided(from.sizes(), from.strides(), from.storage_offset());
  try {
    return info.view_fn()(on);
  } catch (const c10::Error &) {
    // The ops do not replay on this base (a dtype view in the chain over
    // memory of another element size): as_strided, which places it.
    return std::nullopt;
  }
}

// What an output's chain is replayed on: the caller's `input`, or, for a
// chain from its entry geometry where the write-back moved it by its
// restride chain, a tensor over its memory with that geometry.
at::Tensor chain_start(const Call &call, const Replay &replay, const at::Tensor &input) {
  const Call::Placed *p = replay.from_entry ? call.placed(replay.input) : nullptr;
  if (!p) return input;
  at::NoGradGuard no_grad;
  return input.as_strided(p->sizes, p->strides, p->offset);
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
      const at::Tensor *input = argument(call, replay.input);
      if (input && input->storage().is_alias_of(base.storage())) {
        if (auto view = replay_on(call, chain_start(call, replay, *input), base, replay.sequence)) {
          if (replay.after_input && call.placed(replay.input)) {
            auto eager = replay_on(call, *input, base, replay.after_input);
            if (eager && has_geometry(*eager, view->sizes(), view->strides(), view->storage_offset())) return *eager;
          }
          return replay.restride ? input->as_strided(view->sizes(), view->strides(), view->storage_offset()) : *view;
        }
        throw std::runtime_error("wrapc: replaying output's view chain on input #" + std::to_string(replay.input) +
                                 " did not give a view of it");
      }
    } else if (base.requires_grad() && at::GradMode::is_enabled()) {
      auto view = replay_on(call, base, base, replay.sequence);
      if (view && has_geometry(*view, sizes, strides, offset)) return *view;
    }
  }
  if (replay.graph_output >= 0 && base.requires_grad() && at::GradMode::is_enabled()) {
    auto view = by_view_func(call, replay.graph_output, base);
    if (view && has_geometry(*view, sizes, strides, offset)) return *view;
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

at::Tensor view_over(Call &call, const wrt_tensor *h, const Replay &replay, at::Tensor base, bool known_counter,
                     bool requires_grad);

// What a view of lent header `l` is over: the caller's tensor, or, where
// the graph set_ it onto other memory, a tensor over the memory lent at
// the call's start, which the call holds (view_over then makes the view
// the argument's, as eager's view taken before the set_).
at::Tensor lent_base(const Call &call, const wrt_borrowed_tensor *l) {
  const at::Tensor &t = lent_tensor(l);
  if (t.storage().data() == l->header.data) return t;
  for (const c10::Storage &s : call.lent_storages)
    if (s.data() == l->header.data) {
      at::Tensor over = at::empty({0}, t.options().requires_grad(false));
      over.set_(s);
      return over;
    }
  throw std::runtime_error("wrapc: a lent argument was moved onto other memory during the call");
}

at::Tensor to_torch(Call &call, const wrt_tensor *h, const Replay &replay) {
  // A lent argument, handed to the graph or returned: the caller's tensor
  // itself.
  const wrt_borrowed_tensor *l = lent(h);
  if (l && l->header.borrowed == WRT_LENT) return lent_tensor(l);
  const Runtime &rt = *call.rt;
  std::optional<c10::AutoGradMode> made_under;
  if (replay.grad_mode >= 0) made_under.emplace(replay.grad_mode == 1);
  // A view the wrapper made of a lent argument (an output aliasing an
  // input): a view of the caller's tensor, made below as a mirror's is.
  if (l) return view_over(call, h, replay, lent_base(call, l), true, lent_tensor(l).requires_grad());
  // One handle stands for one torch tensor (a tensor passed twice is one
  // mirror), so the first mirror with it is the one.
  // After the write-back the torch tensor is the truth: the graph may have
  // changed an input itself (a set_ it keeps), which its mirror never saw.
  if (const Mirror *m = call.inputs.with_handle(h); m && (call.reconciled || same_state(call, h, m->tensor)))
    return m->tensor;
  if (const Mirror *m = call.bases.with_handle(h); m && same_state(call, h, m->tensor)) return m->tensor;
  // A subclass argument's inner tensor, handed to the graph (the wrapper
  // changes no subclass value's metadata, so it is the torch tensor).
  if (const Mirror *m = call.leaves.with_handle(h)) return m->tensor;
  // A graph output returned as it is: torch's autograd made it (the
  // CompiledFunction's outputs get a grad_fn only where an input required
  // grad), so the runtime's static marking may only take requires_grad
  // away, never make a leaf that requires grad of it.
  if (const Mirror *m = call.graph_outputs.with_handle(h))
    return m->tensor.requires_grad() && rt.requires_grad(h) != 1 ? m->tensor.detach() : m->tensor;
  StorageEntry *e = find_runtime_storage(call, rt.storage_id(h));
  if (!e && rt.external_owner(h)) {
    // A tensor a native graph made (torch's memory, from torch_alloc or an
    // extern kernel): torch's tensor over it, as Inductor's Python wrapper
    // would have returned it, registered as a graph output is.
    at::Tensor made = torch_over(call, h);
    wrt_tensor *kept = nullptr;
    if (rt.retain(h, &kept) != WRT_OK) throw std::runtime_error(rt.last_error());
    call.graph_outputs.add(kept, made);
    call.storages.push_back({made.storage().unsafeGetStorageImpl(), rt.storage_id(h), made, kept,
                             {{version_key(made), kept}}});
    call.storage_by_impl.add(made.storage().unsafeGetStorageImpl(), call.storages.size() - 1);
    call.storage_by_id.add(call.storages.back().runtime_id, call.storages.size() - 1);
    return made.requires_grad() && rt.requires_grad(h) != 1 ? made.detach() : made;
  }
  if (!e) throw std::runtime_error("wrapc: a runtime tensor over memory torch does not know");
  at::Tensor base = e->representative;
  if (const at::Tensor *b = graph_output_base(call, h); b && b->storage().is_alias_of(base.storage())) base = *b;
  bool known_counter = std::any_of(e->counters.begin(), e->counters.end(), [&](const auto &entry) {
    return header(entry.second).version == header(h).version;
  });
  return view_over(call, h, replay, base, known_counter, rt.requires_grad(h) == 1);
}

// The torch tensor for runtime view `h` over `base`'s storage (see
// to_torch): `known_counter`, h shares a version counter torch knows for
// the storage; `requires_grad`, the runtime's decision for it.
at::Tensor view_over(Call &call, const wrt_tensor *h, const Replay &replay, at::Tensor base, bool known_counter,
                     bool requires_grad) {
  bool of_input = false;  // a view of the caller's input replay.base
  if (const at::Tensor *input = argument(call, replay.base);
      input && input->storage().is_alias_of(base.storage()) && input->scalar_type() == base.scalar_type()) {
    base = *input;
    of_input = true;
  }
  at::ScalarType dtype = torch_dtype(header(h).dtype);
  auto sizes = runtime_sizes(*call.rt, h);
  auto strides = runtime_strides(*call.rt, h);
  int64_t offset = runtime_offset(h);
  if (const at::Tensor *input = argument(call, replay.input); replay.base == kCallerInput && input) return *input;
  if (replay.base == kSameGeometryInput) {
    // An input merged into a synthetic base, returned: the caller's tensor,
    // as eager returns the input itself. The one the importer names
    // (Replay::input, from the analysis before merging) where it has the
    // graph's geometry, or where the graph hands back the base itself, all
    // of the storage from its start (Inductor's graph for random programs
    // 1837 and 6635, where another input may have that geometry); else the
    // one with the graph's geometry, as PyTorch's analysis can miss the
    // input's own metadata change that the graph's geometry has (random
    // program 6907: a t_ later written under no_grad).
    auto matches = [&](const at::Tensor &t) {
      return t.defined() && t.scalar_type() == dtype && t.storage().is_alias_of(base.storage()) &&
             has_geometry(t, sizes, strides, offset);
    };
    const at::Tensor *named = argument(call, replay.input);
    bool whole_base = offset == 0 && at::geometry_is_contiguous(sizes, strides) &&
                      c10::multiply_integers(sizes) * static_cast<int64_t>(c10::elementSize(dtype)) ==
                          static_cast<int64_t>(base.storage().nbytes());
    if (named && (matches(*named) || whole_base)) return *named;
    for (const Mirror &m : call.inputs.list)
      if (matches(m.tensor)) return m.tensor;
  }
  if (replay.base == kUntrackedAlias) {
    // What Inductor's Python wrapper returns for it: no view of the
    // argument (eager's output viewed a tensor the function made from it,
    // a detach or a set_ target), its memory all the same.
    at::Tensor alias = at::empty({0}, base.options().dtype(dtype));
    alias.set_(base.storage(), offset, sizes, strides);
    return match_requires_grad(alias, requires_grad);
  }
  at::Tensor view;
  if (replay.sequence && call.wrapper->apply_views && replay.input >= 0 && dtype != base.scalar_type() &&
      static_cast<size_t>(replay.input) < call.inputs.list.size()) {
    // A dtype view of a mutated input: its chain replayed on the input, as
    // for any other view of one (the graph's geometry is its own value's).
    const at::Tensor *input = argument(call, replay.input);
    std::optional<at::Tensor> replayed;
    if (input && input->storage().is_alias_of(base.storage()))
      replayed = replay_on(call, chain_start(call, replay, *input), base, replay.sequence, dtype);
    if (!replayed)
      throw std::runtime_error("wrapc: replaying output's view chain on input #" + std::to_string(replay.input) +
                               " did not give a view of it");
    view = *replayed;
  } else if (!known_counter && !of_input) {
    // A tensor with a version counter of its own (a synthetic base made
    // over the storage): torch's view must not share the mirrors' counter.
    // A view of one of the caller's inputs shares that input's, as in
    // eager, even where the runtime made it from the base it was merged
    // into.
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
  if (replay.detached && view.is_view()) {
    // Made from a base, not by the chain (its input was set_ onto other
    // memory since eager's `x.detach()`): no view, as eager's is not.
    view = view.detach();
  } else if (const at::Tensor *argued = argument(call, replay.base)) {
    // A view of an argument the call set_ onto other memory after taking
    // it (eager's `v = x[1:]; x.set_(y)`): over the old memory, with that
    // argument as its _base and counter, as eager's is.
    const at::Tensor &input = *argued;
    if (!input.requires_grad() && input.scalar_type() == view.scalar_type() &&
        !input.storage().is_alias_of(view.storage())) {
      at::Tensor aliased = input.alias();
      aliased.unsafeGetTensorImpl()->set_storage_keep_dtype(view.storage());
      aliased.unsafeGetTensorImpl()->set_sizes_and_strides(sizes, strides, offset);
      view = aliased;
    }
  }
  // patch_requires_grad compares the base's requires_grad, not the view's,
  // with the traced output's: a dtype view of a base that requires grad
  // (w.view(torch.int32), which cannot require grad) is detached, so it is
  // no view.
  if (base.requires_grad() && !requires_grad) return view.detach();
  return match_requires_grad(view, requires_grad);
}

// A runtime value as Python sees it: a symbolic int ('i', a 0-d i64
// tensor at the ABI) or the torch tensor a handle stands for ('t').
PyObject *to_python(Call &call, const wrt_tensor *h, char kind, const Replay &replay) {
  if (kind == 'i') {
    int64_t v = 0;
    if (call.rt->scalar_i64(h, &v) != WRT_OK) throw std::runtime_error(call.rt->last_error());
    return PyLong_FromLongLong(v);
  }
  return THPVariable_Wrap(to_torch(call, h, replay));
}

bool autograd_sees_metadata_change(const at::Tensor &t) {
  if (!t.requires_grad() || !at::GradMode::is_enabled()) return false;
  // A leaf that requires grad, or a view of one, cannot change its
  // metadata in place where autograd records it (eager raises): the
  // function changed it under no_grad, which autograd does not record.
  // PyTorch's epilogue runs as_strided_ in the caller's grad mode and
  // raises on it (but on the first call, whose tracing left grad mode
  // off); eager does not.
  return t.is_view() ? !t._base().is_leaf() : !t.is_leaf();
}

// ---- What the runtime calls back --------------------------------------

// Where a copy into `dst` lands in torch. A write-back into an input whose
// metadata the function also changed (wrap.as_strided_inplace, then the
// copy) lands in the caller's tensor itself, given the new geometry first,
// as PyTorch's epilogue runs as_strided_ before copy_: the copy is then
// the input's grad_fn, or its base's CopySlices for a view, not a write
// into a fresh view of its memory (after which as_strided_ of an input
// that the copy made require grad fails, or records AsStridedBackward).
//
// The runtime's geometry is the graph's value's, which PyTorch's epilogue
// takes too: where the function also wrote the input, a dense copy at
// offset 0, not the caller's memory (x.t_(); x.mul_(2) on a column of a
// matrix lands on its first row). Where the trace recorded the in-place
// view ops, they are replayed on the caller's tensor instead: eager's
// geometry, the same sizes.
at::Tensor copy_destination(Call &call, const wrt_tensor *dst) {
  const Mirror *m = call.reconciled ? nullptr : call.inputs.with_handle(dst);
  if (!m) return to_torch(call, dst);
  size_t i = static_cast<size_t>(m - call.inputs.list.data());
  if (call.was_placed_by_chain(i)) return m->tensor;
  if (same_state(call, dst, m->tensor)) return to_torch(call, dst);
  const Runtime &rt = *call.rt;
  StorageEntry *e = find_storage(call, m->tensor.storage().unsafeGetStorageImpl());
  // set_ onto other memory: applied after the call, as ever.
  if (!e || e->runtime_id != rt.storage_id(dst)) return to_torch(call, dst);
  at::Tensor t = m->tensor;
  std::vector<int64_t> sizes = runtime_sizes(rt, dst).vec(), strides = runtime_strides(rt, dst).vec();
  int64_t offset = runtime_offset(dst);
  PyObject *chain = i < call.wrapper->restride_chains.size() ? call.wrapper->restride_chains[i] : nullptr;
  if (chain) {
    std::optional<at::Tensor> eager = replay_on(call, t, t, chain);
    if (!eager || eager->sizes() != c10::IntArrayRef(sizes))
      throw std::runtime_error("wrapc: replaying input #" + std::to_string(i) +
                               "'s in-place view ops on it did not give the shape the graph wrote back");
    call.placed_by_chain.push_back({i, t.sizes().vec(), t.strides().vec(), t.storage_offset()});
    strides = eager->strides().vec();
    offset = eager->storage_offset();
  }
  if (autograd_sees_metadata_change(t)) {
    t.as_strided_(sizes, strides, offset);
    call.restrided.push_back({t.unsafeGetTensorImpl(), t._version()});
  } else
    t.unsafeGetTensorImpl()->set_sizes_and_strides(sizes, strides, offset);
  return t;
}

int32_t torch_copy(const wrt_tensor *dst, const wrt_tensor *src) {
  Call *call = current_call;
  if (!call) return kStatusError;
  try {
    at::Tensor s = to_torch(*call, src);
    const Mirror *input = call->reconciled ? nullptr : call->inputs.with_handle(dst);
    // Measured before the geometry moves: the runtime counted the
    // as_strided_ it mirrors, as it counts the copy.
    int64_t before = !input || input->tensor.is_inference() ? 0 : input->tensor._version();
    at::Tensor d = copy_destination(*call, dst);
    if (!input || !d.is_same(input->tensor)) before = d.is_inference() ? 0 : d._version();
    // A view of a leaf that requires grad cannot be written where autograd
    // records it (eager raises, and so would the function's trace): the
    // function wrote it under no_grad, and so does the write-back, where
    // PyTorch's epilogue copy_ raises (but on the first call, whose tracing
    // left grad mode off).
    std::optional<c10::AutoGradMode> unrecorded;
    if (d.is_view() && d.requires_grad() && at::GradMode::is_enabled() && d._base().is_leaf()) unrecorded.emplace(false);
    {
      // Into a subclass argument's inner tensor: the instance's copy_,
      // attribute by attribute as its __torch_dispatch__ runs it, below
      // autograd and the version bump (the instance's own counter moves).
      std::optional<at::AutoDispatchBelowADInplaceOrView> inside_subclass;
      if (call->leaves.with_handle(dst)) inside_subclass.emplace();
      d.copy_(s);
    }
    unrecorded.reset();
    if (!d.is_inference()) {
      const void *key = version_key(d);
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

const wrt_external_backend kTorchBackend = {torch_copy, torch_alloc, torch_call};


}  // namespace wrapc_torch

using namespace wrapc_torch;

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
  c10::AutogradState &autograd = c10::AutogradState::get_tls_state();
  bool view_replay = autograd.get_view_replay_enabled();
  if (w->view_replay) autograd.set_view_replay_enabled(true);
  // wrap.call_compiled's disable_amp: the graph was traced under autocast,
  // its casts are in it (call_func_at_runtime_with_args' disable_amp). The
  // lowering leaves autocast to the embedder; the guard ends with the call.
  std::optional<c10::impl::ExcludeDispatchKeyGuard> no_autocast;
  if (w->disable_amp) no_autocast.emplace(c10::autocast_dispatch_keyset);
  // Cleared before anything can fail: the failure path releases what is
  // set, and the caller's slots hold whatever its stack did.
  for (size_t j = 0; j < n_out; ++j) outputs[j] = nullptr;
  PyObject *args = PyList_New(n_in);
  PyObject *seq = nullptr;
  int32_t status = WRT_OK;
  try {
    if (!args) throw std::runtime_error("wrapc: out of memory");
    for (size_t i = 0; i < n_in; ++i) {
      if (w->graph_in_kinds[i] == 'o' && !inputs[i]) {
        Py_INCREF(Py_None);
        PyList_SET_ITEM(args, i, Py_None);
        continue;
      }
      PyObject *value = w->graph_in_kinds[i] == 't' && header(inputs[i]).subclass
                            ? instance_object(*call, inputs[i])
                            : to_python(*call, inputs[i], w->graph_in_kinds[i]);
      if (!value) throw std::runtime_error("wrapc: converting a graph argument failed");
      PyList_SET_ITEM(args, i, value);
    }
    // The graph may set_ an input onto other memory (aten.set_ kept in it):
    // the storages its representatives are over, held across the call, and
    // the lent arguments' for the whole call (Call::lent_storages).
    for (size_t i = 0; i < n_in; ++i)
      if (const wrt_borrowed_tensor *l = lent(inputs[i]); l && l->header.borrowed == WRT_LENT)
        call->lent_storages.push_back(lent_tensor(l).storage());
    c10::SmallVector<c10::Storage, 4> held;
    for (const StorageEntry &e : call->storages) held.push_back(e.representative.storage());
    PyObject *result = PyObject_CallOneArg(w->graph, args);
    // Views the graph returns are views as the caller sees them from here.
    autograd.set_view_replay_enabled(view_replay);
    for (size_t k = 0; k < held.size(); ++k) {
      StorageEntry &e = call->storages[k];
      if (e.representative.storage().unsafeGetStorageImpl() != e.impl)
        rehome_representative(*call, e, held[k], e.representative);
    }
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
    call->graph_results.clear();

    if (static_cast<size_t>(n) != n_out)
      throw std::runtime_error("the compiled graph returned " + std::to_string(n) + " values, expected " +
                               std::to_string(n_out));
    for (size_t j = 0; j < n_out; ++j) {
      PyObject *item = PySequence_Fast_GET_ITEM(seq, j);
      if (w->keeps_graph_results) call->graph_results.emplace_back();
      if (w->graph_out_kinds[j] == 'i') {
        long long v = PyLong_AsLongLong(item);
        if (v == -1 && PyErr_Occurred()) {
          PyErr_Fetch(&call->error_type, &call->error_value, &call->error_tb);
          throw std::runtime_error("a graph output is not an int");
        }
        if (rt.scalar_from_i64(v, &outputs[j]) != WRT_OK) throw std::runtime_error(rt.last_error());
        continue;
      }
      if (w->graph_out_kinds[j] == 'o' && item == Py_None) continue;  // a null handle
      if (!THPVariable_Check(item)) throw std::runtime_error("a graph output is not a tensor");
      if (j < w->subclass_graph_outputs.size() && w->subclass_graph_outputs[j]) {
        outputs[j] = graph_instance(*call, item, *w->subclass_graph_outputs[j], "graph output #" + std::to_string(j));
        continue;
      }
      const at::Tensor &t = THPVariable_Unpack(item);
      // An input the graph hands back (Inductor returns x itself for
      // x.t_(); return x.t()) gets a mirror of its own: the input's mirror
      // is moved by the epilogue's as_strided_ or set_ before outputs are
      // regenerated from this one's geometry, which is the graph's.
      wrt_tensor *h = mirror(*call, t);
      wrt_tensor *kept = nullptr;
      rt.retain(h, &kept);  // the call keeps one: handles stay unique while it runs
      call->graph_outputs.add(kept, t);
      if (w->keeps_graph_results) call->graph_results.back() = t;
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
  autograd.set_view_replay_enabled(view_replay);
  return status;
}

