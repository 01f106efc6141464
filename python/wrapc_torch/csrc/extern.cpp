// What a native graph (Inductor's wrapper program imported as wrap IR)
// asks of torch through the runtime's embedder backend: memory from torch's
// allocator (`wrap.empty_strided`: the caching allocator on CUDA, so that
// memory statistics, streams and CUDA graphs see it) and torch's operators
// (`wrap.extern_call`: Inductor's extern kernels, `aten::addmm.out` and the
// like, through the dispatcher). No Python runs in either.

#include "wrapper.h"

#include <ATen/core/dispatch/Dispatcher.h>
#include <c10/core/CPUAllocator.h>
#include <c10/core/DeviceGuard.h>
#include <c10/core/StorageImpl.h>

#include <mutex>
#include <unordered_map>

namespace wrapc_torch {

namespace {

void release_storage(void *owner) {
  c10::intrusive_ptr<c10::StorageImpl>::reclaim(static_cast<c10::StorageImpl *>(owner));
}

// A StorageImpl reference as the runtime's owner handle.
void *own(c10::Storage storage) { return storage.unsafeReleaseStorageImpl(); }

c10::Device device_of(int32_t kind, int32_t index) {
  return kind == WRT_CUDA ? c10::Device(c10::kCUDA, static_cast<c10::DeviceIndex>(index)) : c10::Device(c10::kCPU);
}

template <typename F>
int32_t guarded(F body) {
  Call *call = current_call;
  try {
    return body();
  } catch (const c10::Error &e) {
    if (call) call->rt->set_error(e.what_without_backtrace());
    return kStatusError;
  } catch (const std::exception &e) {
    if (call) call->rt->set_error(e.what());
    return kStatusError;
  }
}

// ---- the spec of a wrap.extern_call --------------------------------------

// One argument of the operator's schema, as the call site fills it.
struct Slot {
  enum Kind { kTensor, kInt, kConstant } kind = kConstant;
  size_t cell = 0;  // kTensor, kInt: the operand's cell
  c10::IValue constant;
};

struct Site {
  std::string op, spec;
  std::optional<c10::OperatorHandle> handle;
  std::vector<Slot> slots;
};

// A tiny reader of the constants the importer writes: JSON numbers,
// booleans, null, strings and (nested) lists of them.
struct Reader {
  const std::string &text;
  size_t at;

  [[noreturn]] void fail(const std::string &what) const {
    throw std::runtime_error("wrapc: extern call spec: " + what + " at '" + text.substr(at, 24) + "'");
  }
  c10::IValue value(const c10::TypePtr &type) {
    if (at >= text.size()) fail("a constant is missing");
    char c = text[at];
    if (c == '[') {
      ++at;
      c10::TypePtr element = c10::AnyType::get();
      if (auto list = type->castRaw<c10::ListType>()) element = list->getElementType();
      if (auto opt = type->castRaw<c10::OptionalType>())
        if (auto list = opt->getElementType()->castRaw<c10::ListType>()) element = list->getElementType();
      std::vector<c10::IValue> items;
      while (at < text.size() && text[at] != ']') {
        items.push_back(value(element));
        if (at < text.size() && text[at] == ',') ++at;
      }
      if (at >= text.size()) fail("an unclosed list");
      ++at;
      bool ints = std::all_of(items.begin(), items.end(), [](const c10::IValue &v) { return v.isInt(); });
      bool floats = std::all_of(items.begin(), items.end(), [](const c10::IValue &v) { return v.isDouble(); });
      bool bools = std::all_of(items.begin(), items.end(), [](const c10::IValue &v) { return v.isBool(); });
      auto kind = element->kind();
      if (ints && (kind == c10::TypeKind::IntType || kind == c10::TypeKind::SymIntType || items.empty())) {
        std::vector<int64_t> v;
        for (auto &i : items) v.push_back(i.toInt());
        return c10::IValue(v);
      }
      if ((floats || ints) && kind == c10::TypeKind::FloatType) {
        std::vector<double> v;
        for (auto &i : items) v.push_back(i.isInt() ? static_cast<double>(i.toInt()) : i.toDouble());
        return c10::IValue(v);
      }
      if (bools) {
        c10::List<bool> v;
        for (auto &i : items) v.push_back(i.toBool());
        return c10::IValue(v);
      }
      fail("a list of mixed or unsupported elements");
    }
    if (c == '"') {
      size_t end = text.find('"', at + 1);
      if (end == std::string::npos) fail("an unclosed string");
      std::string s = text.substr(at + 1, end - at - 1);
      at = end + 1;
      if (type->kind() == c10::TypeKind::DeviceObjType) return c10::IValue(c10::Device(s));
      return c10::IValue(s);
    }
    if (text.compare(at, 4, "true") == 0) return at += 4, c10::IValue(true);
    if (text.compare(at, 5, "false") == 0) return at += 5, c10::IValue(false);
    if (text.compare(at, 4, "null") == 0) return at += 4, c10::IValue();
    size_t end = at;
    bool real = false;
    while (end < text.size() && (std::isdigit(static_cast<unsigned char>(text[end])) || text[end] == '-' ||
                                 text[end] == '+' || text[end] == '.' || text[end] == 'e' || text[end] == 'E')) {
      real |= text[end] == '.' || text[end] == 'e' || text[end] == 'E';
      ++end;
    }
    if (end == at) fail("not a constant");
    std::string number = text.substr(at, end - at);
    at = end;
    bool wants_float = type->kind() == c10::TypeKind::FloatType || type->kind() == c10::TypeKind::NumberType;
    if (auto opt = type->castRaw<c10::OptionalType>()) wants_float |= opt->getElementType()->kind() == c10::TypeKind::FloatType;
    if (real || wants_float) return c10::IValue(std::stod(number));
    return c10::IValue(static_cast<int64_t>(std::stoll(number)));
  }
};

Site parse_site(const char *op, const char *spec) {
  Site site{op, spec, std::nullopt, {}};
  std::string name = site.op, overload;
  if (auto dot = name.find('.', name.find("::")); dot != std::string::npos) {
    overload = name.substr(dot + 1);
    name = name.substr(0, dot);
  }
  auto handle = c10::Dispatcher::singleton().findSchema({name, overload});
  if (!handle) throw std::runtime_error("wrapc: torch has no operator '" + site.op + "'");
  site.handle = handle;
  const auto &args = handle->schema().arguments();
  std::vector<std::optional<Slot>> filled(args.size());
  size_t positional = 0;
  std::string rest = site.spec;
  size_t start = 0;
  while (start <= rest.size() && !rest.empty()) {
    // Entries split at ';' outside strings.
    size_t end = start;
    bool quoted = false;
    while (end < rest.size() && (quoted || rest[end] != ';')) quoted ^= rest[end++] == '"';
    std::string entry = rest.substr(start, end - start);
    start = end + 1;
    size_t index = positional;
    std::string value = entry;
    if (entry.compare(0, 2, "c:") != 0) {
      if (auto eq = entry.find('='); eq != std::string::npos) {
        std::string key = entry.substr(0, eq);
        value = entry.substr(eq + 1);
        auto found = std::find_if(args.begin(), args.end(), [&](const c10::Argument &a) { return a.name() == key; });
        if (found == args.end()) throw std::runtime_error("wrapc: '" + site.op + "' has no argument '" + key + "'");
        index = found - args.begin();
      } else {
        ++positional;
      }
    } else {
      ++positional;
    }
    if (index >= args.size()) throw std::runtime_error("wrapc: too many arguments for '" + site.op + "'");
    Slot slot;
    if (value == "n") {
      slot.constant = c10::IValue();
    } else if (value.compare(0, 2, "c:") == 0) {
      Reader reader{value, 2};
      slot.constant = reader.value(args[index].type());
      if (reader.at != value.size()) reader.fail("trailing text");
    } else if (!value.empty() && (value[0] == 't' || value[0] == 's')) {
      slot.kind = value[0] == 't' ? Slot::kTensor : Slot::kInt;
      slot.cell = std::stoull(value.substr(1));
    } else {
      throw std::runtime_error("wrapc: malformed extern call spec entry '" + entry + "'");
    }
    filled[index] = std::move(slot);
    if (end >= rest.size()) break;
  }
  for (size_t i = 0; i < args.size(); ++i) {
    if (filled[i]) {
      site.slots.push_back(std::move(*filled[i]));
    } else if (args[i].default_value()) {
      Slot slot;
      slot.constant = *args[i].default_value();
      site.slots.push_back(std::move(slot));
    } else {
      throw std::runtime_error("wrapc: '" + site.op + "' needs argument '" + args[i].name() + "'");
    }
  }
  return site;
}

// Sites by the address of their spec string (a constant of the wrapper's
// library, which stays loaded), checked against the text: an address can
// only be reused by a library loaded later at the same place.
const Site &site_of(const char *op, const char *spec) {
  static std::mutex lock;
  static std::unordered_map<const char *, std::unique_ptr<Site>> sites;
  std::lock_guard<std::mutex> hold(lock);
  auto &slot = sites[spec];
  if (!slot || slot->spec != spec || slot->op != op) slot = std::make_unique<Site>(parse_site(op, spec));
  return *slot;
}

}  // namespace

// A torch tensor over the memory of runtime tensor h, with h's geometry:
// what an extern kernel reads or writes. Not the caller's tensor object,
// and made without a version bump (no set_), as Inductor's wrapper hands
// its kernels buffers and reinterpreted views.
at::Tensor torch_over(Call &call, const wrt_tensor *h) {
  const Runtime &rt = *call.rt;
  c10::Storage storage;
  if (const wrt_borrowed_tensor *l = lent(h)) {
    storage = lent_tensor(l).storage();
  } else if (void *owner = rt.external_owner(h)) {
    storage = c10::Storage(c10::intrusive_ptr<c10::StorageImpl>::reclaim_copy(static_cast<c10::StorageImpl *>(owner)));
  } else if (StorageEntry *e = find_runtime_storage(call, rt.storage_id(h))) {
    storage = e->representative.storage();
  } else {
    throw std::runtime_error("wrapc: an extern call's tensor is over memory torch does not know");
  }
  at::ScalarType dtype = torch_dtype(header(h).dtype);
  // The TensorImpl made directly (at::empty's dispatch and allocator call
  // were a microsecond per tensor on CUDA).
  c10::DispatchKey key = c10::computeDispatchKey(dtype, at::kStrided, storage.device());
  at::Tensor t = at::detail::make_tensor<c10::TensorImpl>(std::move(storage), c10::DispatchKeySet(key),
                                                          c10::scalarTypeToTypeMeta(dtype));
  t.unsafeGetTensorImpl()->set_sizes_and_strides(runtime_sizes(rt, h), runtime_strides(rt, h), runtime_offset(h));
  return t;
}

// A runtime tensor over torch tensor t's memory that keeps t's storage
// alive (an extern kernel's new result).
wrt_tensor *runtime_over(Call &call, const at::Tensor &t) {
  wrt_external_tensor desc = describe(t);
  desc.data = const_cast<void *>(t.storage().data());
  desc.nbytes = t.storage().nbytes();
  desc.owner = own(t.storage());
  desc.release = release_storage;
  wrt_tensor *out = nullptr;
  if (call.rt->from_external(&desc, nullptr, false, &out) != WRT_OK) {
    release_storage(desc.owner);
    throw std::runtime_error(std::string("wrapc: ") + call.rt->last_error());
  }
  return out;
}

int32_t torch_alloc(uint64_t nbytes, int32_t kind, int32_t index, void **data, void **owner,
                    void (**release)(void *)) {
  return guarded([&] {
    c10::Device device = device_of(kind, index);
    c10::OptionalDeviceGuard guard(device);
    c10::Allocator *allocator = device.is_cpu() ? c10::GetCPUAllocator() : c10::GetAllocator(device.type());
    c10::Storage storage(c10::Storage::use_byte_size_t(), static_cast<size_t>(nbytes), allocator, false);
    *data = storage.mutable_data();
    *owner = own(std::move(storage));
    *release = release_storage;
    return WRT_OK;
  });
}

int32_t torch_call(const char *op, const char *spec, void *const *cells, size_t n_cells, wrt_tensor **results,
                   size_t n_results) {
  for (size_t j = 0; j < n_results; ++j) results[j] = nullptr;
  Call *call = current_call;
  if (!call) return kStatusError;
  return guarded([&] {
    const Site &site = site_of(op, spec);
    torch::jit::Stack stack;
    stack.reserve(site.slots.size());
    for (const Slot &slot : site.slots) {
      if (slot.cell >= n_cells && slot.kind != Slot::kConstant)
        throw std::runtime_error("wrapc: extern call '" + site.op + "' names a cell it was not given");
      switch (slot.kind) {
        case Slot::kTensor: stack.emplace_back(torch_over(*call, static_cast<const wrt_tensor *>(cells[slot.cell]))); break;
        case Slot::kInt: stack.emplace_back(reinterpret_cast<const int64_t *>(cells)[slot.cell]); break;
        case Slot::kConstant: stack.push_back(slot.constant); break;
      }
    }
    {
      // The graph's casts are in it, and its tensors need no autograd.
      c10::impl::ExcludeDispatchKeyGuard no_autocast(c10::autocast_dispatch_keyset);
      at::AutoDispatchBelowADInplaceOrView below_autograd;
      site.handle->callBoxed(stack);
    }
    if (n_results == 0) return WRT_OK;
    std::vector<at::Tensor> made;
    for (const auto &value : stack) {
      if (value.isTensor()) made.push_back(value.toTensor());
      else if (value.isTensorList())
        for (const at::Tensor &t : value.toTensorVector()) made.push_back(t);
    }
    if (made.size() != n_results)
      throw std::runtime_error("wrapc: extern call '" + site.op + "' returned " + std::to_string(made.size()) +
                               " tensors, the graph expects " + std::to_string(n_results));
    std::vector<wrt_tensor *> handles;
    try {
      for (const at::Tensor &t : made) handles.push_back(runtime_over(*call, t));
    } catch (...) {
      for (wrt_tensor *h : handles) call->rt->release(h);
      throw;
    }
    std::copy(handles.begin(), handles.end(), results);
    return WRT_OK;
  });
}

}  // namespace wrapc_torch
