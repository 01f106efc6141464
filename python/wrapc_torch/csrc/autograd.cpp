// The autograd node of a compiled training graph, in C++ (issue 32.1).
//
// AOTAutograd wraps a training graph in `CompiledFunction`, a Python
// `autograd.Function` (`AOTDispatchAutograd.post_compile` in PyTorch 2.11's
// runtime_wrappers.py): every forward and every backward runs its Python.
// `AutogradGraph` does what that class does, natively: its call runs the
// compiled forward graph, splits what it returns (the user-visible values,
// the tensors and symbolic ints saved for backward), and makes one
// `GraphNode` the outputs' grad_fn; the node's backward keeps the tangents
// PyTorch keeps, coerces them to the traced layout and calls the compiled
// backward graph. The backward graph compiles lazily, at the first backward,
// through PyTorch's own code (`first_backward`, from _private/aot.py); later
// backwards call it directly. With WRAPC_BACKWARD_ENTRY=wrap the first
// backward also builds the graph's backward entry point (a
// wrap.backward_wrapper wrapc compiles, _backward.py), which then keeps,
// coerces and passes the gradients; the node's own prologue stays for the
// first backward, create_graph and graphs the entry cannot type. Which
// values are which comes from PyTorch's ViewAndMutationMeta, read once in
// Python (`_native_autograd_graph`).
//
// What CompiledFunction supports beyond this (tensor subclasses, functional
// RNG state, BackwardState, opaque objects, effect tokens) keeps the Python
// class: Python decides which graph gets which.

#include "autograd.h"

#include <ATen/FuncTorchTLS.h>
#include <ATen/SavedTensorHooks.h>
#include <ATen/autocast_mode.h>
#include <ATen/ops/_unsafe_view.h>
#include <ATen/ops/empty_strided.h>
#include <c10/core/GradMode.h>
#include <c10/core/impl/LocalDispatchKeySet.h>
#include <torch/csrc/Exceptions.h>
#include <torch/csrc/autograd/custom_function.h>
#include <torch/csrc/autograd/function.h>
#include <torch/csrc/autograd/functions/basic_ops.h>
#include <torch/csrc/autograd/graph_task.h>
#include <torch/csrc/autograd/python_cpp_function.h>
#include <torch/csrc/autograd/python_variable.h>
#include <torch/csrc/autograd/saved_variable.h>
#include <torch/csrc/utils/object_ptr.h>

#include <atomic>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

namespace wrapc_torch {
namespace {

using torch::autograd::Node;
using torch::autograd::SavedVariable;
using torch::autograd::variable_list;

// A tangent's expected layout (AOTAutograd's MemoryFormatMeta): a memory
// format (dynamic shapes, subclasses) or the traced sizes and strides.
struct TangentLayout {
  std::optional<at::MemoryFormat> format;
  std::vector<int64_t> sizes, strides;
};

// What one compiled training graph needs at every call, read once from its
// ViewAndMutationMeta. Held by the callable and by every node it made.
struct GraphSpec {
  PyObject *forward = nullptr;         // compiled forward graph
  PyObject *first_backward = nullptr;  // compiles and runs the backward once
  PyObject *backward = nullptr;        // the compiled backward graph, once compiled
  // The graph's backward entry point (wrap.backward_wrapper, _backward.py),
  // built at the first backward: it keeps, coerces and passes the
  // gradients from then on. Null: the node's own prologue does.
  // Set once, under the GIL; read by nodes on autograd's threads.
  std::atomic<PyObject *> native_backward{nullptr};
  PyObject *tangents_py = nullptr, *layouts_py = nullptr;  // as given, for the entry
  // Whether the first backward has run (the entry was built or refused):
  // later backwards then read no Python state to decide.
  std::atomic<bool> first_backward_done{false};
  bool forward_boxed = false, backward_boxed = false;
  size_t returns = 0;  // mutated inputs, outputs, intermediate bases
  std::vector<bool> aliased, unsafe_view, non_differentiable;
  size_t saved_unchecked = 0, saved_symints = 0;
  std::vector<size_t> tangents;  // the grads the backward graph takes
  std::vector<TangentLayout> layouts;
  int deterministic = -1;  // -1: not recorded
  bool mutations_in_backward = false, disable_amp = false, hooks_off = false;
  bool donated = false;  // the backward graph donates buffers (known once compiled)

  ~GraphSpec() {
    // The last node may die on an autograd worker thread.
    if (!Py_IsInitialized()) return;
    PyGILState_STATE gil = PyGILState_Ensure();
    Py_XDECREF(forward);
    Py_XDECREF(first_backward);
    Py_XDECREF(backward);
    Py_XDECREF(native_backward.load());
    Py_XDECREF(tangents_py);
    Py_XDECREF(layouts_py);
    PyGILState_Release(gil);
  }
};

// Autograd runs a node's backward without the GIL.
struct Gil {
  PyGILState_STATE state = PyGILState_Ensure();
  Gil() = default;
  Gil(const Gil &) = delete;
  Gil &operator=(const Gil &) = delete;
  ~Gil() { PyGILState_Release(state); }
};

// A reference held where the GIL may not be: dropped under it.
struct GilRef {
  PyObject *object = nullptr;
  GilRef() = default;
  GilRef(const GilRef &) = delete;
  GilRef &operator=(const GilRef &) = delete;
  ~GilRef() {
    if (!object) return;
    Gil gil;
    Py_DECREF(object);
  }
};

bool boxed(PyObject *f) {
  PyObject *flag = PyObject_GetAttrString(f, "_boxed_call");
  if (!flag) {
    PyErr_Clear();
    return false;
  }
  int truth = PyObject_IsTrue(flag);
  Py_DECREF(flag);
  if (truth < 0) PyErr_Clear();
  return truth > 0;
}

// call_func_at_runtime_with_args: a boxed callee takes (and may clear) the
// list; another takes the values as arguments.
PyObject *call_graph(PyObject *f, bool is_boxed, PyObject *list) {
  if (is_boxed) return PyObject_CallOneArg(f, list);
  THPObjectPtr tuple(PyList_AsTuple(list));
  return tuple ? PyObject_CallObject(f, tuple.get()) : nullptr;
}

// AOTAutograd inlined the saved-tensor hooks into the graphs and turns
// them off around the forward (_disable_saved_tensors_hooks); the previous
// state comes back on every exit.
struct SavedTensorHooksOff {
  std::optional<std::string> previous = at::SavedTensorDefaultHooks::get_disabled_error_message();
  SavedTensorHooksOff() {
    at::SavedTensorDefaultHooks::disable(
        "Saved tensors hooks were specialized as GraphModules. In this case aot_autograd inlines them in forward "
        "and backward graph and disables them during runtime of aot_autograd compiled region.",
        false);
  }
  SavedTensorHooksOff(const SavedTensorHooksOff &) = delete;
  SavedTensorHooksOff &operator=(const SavedTensorHooksOff &) = delete;
  ~SavedTensorHooksOff() {
    if (previous) at::SavedTensorDefaultHooks::disable(*previous, false);
    else at::SavedTensorDefaultHooks::enable();
  }
};

// A backward graph that donates buffers reuses the saved tensors' memory:
// PyTorch refuses to call it where they must survive the call.
void check_donated(const GraphSpec &s, bool keep_graph) {
  TORCH_CHECK(!(s.donated && keep_graph),
              "This backward function was compiled with non-empty donated buffers which requires "
              "create_graph=False and retain_graph=False. Please keep backward(create_graph=False, "
              "retain_graph=False) across all backward() function calls, or set "
              "torch._functorch.config.donated_buffer=False to disable donated buffer.");
}

const char kDoubleBackward[] = "torch.compile with aot_autograd does not currently support double backward";

at::Tensor coerce(const at::Tensor &x, const TangentLayout &layout) {
  if (!x.defined()) return x;
  if (layout.format) return x.is_contiguous(*layout.format) ? x : x.contiguous(*layout.format);
  if (x.sizes() == at::IntArrayRef(layout.sizes) && x.strides() == at::IntArrayRef(layout.strides)) return x;
  at::Tensor restrided = at::empty_strided(layout.sizes, layout.strides, x.options());
  if (x.requires_grad()) restrided.requires_grad_(true);
  restrided.copy_(x);
  return restrided;
}

variable_list to_variables(PyObject *result, const char *what) {
  THPObjectPtr seq(PySequence_Fast(result, what));
  if (!seq) throw python_error();
  Py_ssize_t n = PySequence_Fast_GET_SIZE(seq.get());
  variable_list out;
  out.reserve(n);
  for (Py_ssize_t i = 0; i < n; ++i) {
    PyObject *item = PySequence_Fast_GET_ITEM(seq.get(), i);
    if (item == Py_None) {
      out.emplace_back();
    } else if (THPVariable_Check(item)) {
      out.push_back(THPVariable_Unpack(item));
    } else {
      throw std::runtime_error(std::string(what) + ": item " + std::to_string(i) + " is neither a tensor nor None");
    }
  }
  return out;
}

// The grad_fn of a compiled training graph's outputs.
struct GraphNode final : Node {
  explicit GraphNode(std::shared_ptr<GraphSpec> s) : spec(std::move(s)) {}

  std::string name() const override { return "CompiledFunctionBackward"; }

  void release_variables() override {
    std::lock_guard<std::mutex> lock(mutex);
    release();
  }

  variable_list apply(variable_list &&grads) override;

  // Compiled autograd traces a node through this; the node's backward is
  // an opaque call it cannot trace.
  void compiled_args(torch::dynamo::autograd::CompiledNodeArgs &) const override {
    TORCH_CHECK(false,
                "wrapc: compiled autograd cannot trace the C++ autograd node of a wrapc-compiled training graph "
                "(CompiledFunctionBackward); run this backward outside compiled autograd, or compile with "
                "WRAPC_AUTOGRAD_NODE=python to keep PyTorch's CompiledFunction");
  }

  std::shared_ptr<GraphSpec> spec;
  std::vector<SavedVariable> saved;  // version-checked (save_for_backward)
  variable_list unchecked;           // stashed without a version check
  std::vector<c10::IValue> symints;
  std::vector<bool> is_tensor_input;
  bool released = false;
  std::mutex mutex;

 private:
  void release() {
    for (SavedVariable &s : saved) s.reset_data();
    unchecked.clear();
    released = true;
  }
  variable_list call_backward(variable_list &args, bool keep_graph, const variable_list &all_grads,
                              PyObject *saved_list);
  variable_list call_native_backward(const variable_list &grads);
  variable_list gradients_per_input(variable_list out);
  PyObject *saved_values(c10::ArrayRef<at::Tensor> tensors);
  void build_native_backward(PyObject *saved_values, const variable_list &all_grads, PyObject *results);
};

// The saved values as the backward entry takes them: symbolic ints, then
// `tensors` (those the node unpacked for this call: unpacking again would
// run saved-tensor hooks twice).
PyObject *GraphNode::saved_values(c10::ArrayRef<at::Tensor> tensors) {
  PyObject *list = PyList_New(0);
  if (!list) throw python_error();
  THPObjectPtr owner(list);
  for (const c10::IValue &v : symints) {
    THPObjectPtr o(v.isInt() ? PyLong_FromLongLong(v.toInt()) : PyFloat_FromDouble(v.toDouble()));
    if (!o || PyList_Append(list, o.get()) < 0) throw python_error();
  }
  for (const at::Tensor &t : tensors) {
    THPObjectPtr o(THPVariable_Wrap(t));
    if (!o || PyList_Append(list, o.get()) < 0) throw python_error();
  }
  return owner.release();
}

// After the first backward: wrapc_torch._backward.backward_entry builds
// the entry from that call's values (None where it cannot; the prologue
// here stays then). Called with the GIL held.
void GraphNode::build_native_backward(PyObject *saved_list, const variable_list &all_grads, PyObject *results) {
  GraphSpec &s = *spec;
  if (s.native_backward) return;
  THPObjectPtr grads(PyList_New(static_cast<Py_ssize_t>(all_grads.size())));
  if (!grads) throw python_error();
  for (size_t i = 0; i < all_grads.size(); ++i) {
    PyObject *o = all_grads[i].defined() ? THPVariable_Wrap(all_grads[i]) : (Py_INCREF(Py_None), Py_None);
    if (!o) throw python_error();
    PyList_SET_ITEM(grads.get(), static_cast<Py_ssize_t>(i), o);
  }
  THPObjectPtr module(PyImport_ImportModule("wrapc_torch._backward"));
  if (!module) throw python_error();
  THPObjectPtr entry(PyObject_CallMethod(module.get(), "backward_entry", "OOOOOO", s.backward, s.tangents_py,
                                         s.layouts_py, saved_list, grads.get(), results));
  if (!entry) throw python_error();
  if (entry.get() != Py_None) s.native_backward.store(entry.release(), std::memory_order_release);
}

// The backward entry: the saved values, then every gradient autograd
// passes (materialized where the node has metadata; None where not, which
// the entry never reads when it drops it).
variable_list GraphNode::call_native_backward(const variable_list &grads) {
  GraphSpec &s = *spec;
  std::optional<c10::impl::ExcludeDispatchKeyGuard> no_autocast;
  if (s.disable_amp) no_autocast.emplace(c10::autocast_dispatch_keyset);
  Gil gil;
  size_t n = symints.size() + saved.size() + unchecked.size() + grads.size();
  std::vector<THPObjectPtr> owned;
  owned.reserve(n);
  for (const c10::IValue &v : symints)
    owned.emplace_back(v.isInt() ? PyLong_FromLongLong(v.toInt()) : PyFloat_FromDouble(v.toDouble()));
  for (const SavedVariable &v : saved) owned.emplace_back(THPVariable_Wrap(v.unpack(shared_from_this())));
  for (const at::Tensor &t : unchecked) owned.emplace_back(THPVariable_Wrap(t));
  for (const at::Tensor &g : grads)
    owned.emplace_back(g.defined() ? THPVariable_Wrap(g) : (Py_INCREF(Py_None), Py_None));
  std::vector<PyObject *> argv;
  argv.reserve(n);
  for (THPObjectPtr &o : owned) {
    if (!o) throw python_error();
    argv.push_back(o.get());
  }
  PyObject *entry = s.native_backward.load(std::memory_order_acquire);
  THPObjectPtr result(PyObject_Vectorcall(entry, argv.data(), argv.size(), nullptr));
  if (!result) throw python_error();
  return to_variables(result.get(), "the backward entry must return a sequence of gradients");
}

variable_list GraphNode::call_backward(variable_list &tensors, bool keep_graph, const variable_list &all_grads,
                                       PyObject *saved_list) {
  GraphSpec &s = *spec;
  // call_func_at_runtime_with_args' disable_amp.
  std::optional<c10::impl::ExcludeDispatchKeyGuard> no_autocast;
  if (s.disable_amp) no_autocast.emplace(c10::autocast_dispatch_keyset);
  Gil gil;
  THPObjectPtr list(PyList_New(static_cast<Py_ssize_t>(symints.size() + tensors.size())));
  if (!list) throw python_error();
  Py_ssize_t k = 0;
  for (const c10::IValue &v : symints) {
    PyObject *o = v.isInt() ? PyLong_FromLongLong(v.toInt()) : PyFloat_FromDouble(v.toDouble());
    if (!o) throw python_error();
    PyList_SET_ITEM(list.get(), k++, o);
  }
  for (at::Tensor &t : tensors) {
    PyObject *o = t.defined() ? THPVariable_Wrap(std::move(t)) : (Py_INCREF(Py_None), Py_None);
    if (!o) throw python_error();
    PyList_SET_ITEM(list.get(), k++, o);
  }
  tensors.clear();
  THPObjectPtr result;
  if (!s.backward) {
    // PyTorch's lazy compile (CompiledFunction._backward_impl): returns the
    // gradients, the compiled graph and whether it donates buffers.
    THPObjectPtr got(PyObject_CallOneArg(s.first_backward, list.get()));
    if (!got) throw python_error();
    PyObject *grads_out = nullptr, *compiled = nullptr;
    int donated = 0;
    if (!PyArg_ParseTuple(got.get(), "OOp", &grads_out, &compiled, &donated)) throw python_error();
    if (!s.backward) {
      Py_INCREF(compiled);
      s.backward = compiled;
      s.backward_boxed = boxed(compiled);
      s.donated = donated;
      if (saved_list) build_native_backward(saved_list, all_grads, grads_out);
      s.first_backward_done.store(true, std::memory_order_release);
    }
    Py_INCREF(grads_out);
    result = grads_out;
  } else {
    check_donated(s, keep_graph);
    result = call_graph(s.backward, s.backward_boxed, list.get());
    if (!result) throw python_error();
  }
  return to_variables(result.get(), "the compiled backward graph must return a sequence of gradients");
}

variable_list GraphNode::apply(variable_list &&grads) {
  std::lock_guard<std::mutex> lock(mutex);
  const GraphSpec &s = *spec;
  at::OptionalDeviceGuard device_guard;
  // functorch includes its dynamic-layer key while a transform is active
  // (peek_interpreter_stack is not None).
  TORCH_CHECK(!c10::impl::tls_is_dispatch_key_included(c10::DispatchKey::FuncTorchDynamicLayerFrontMode),
              "It looks like you're trying to call a compiled backward function within vmap/grad/vjp, which isn't "
              "supported. Try wrapping vmap inside torch.compile, or skip compiling the backward function.");
  TORCH_CHECK(!(s.deterministic == 0 && at::globalContext().deterministicAlgorithms()),
              "This compiled backward function is being run with torch.use_deterministic_algorithms(True), but it "
              "was previously generated during the forward function while torch.use_deterministic_algorithms(False) "
              "was set.");
  TORCH_CHECK(grads.size() == s.returns, "expected ", s.returns, " grad_outs, got ", grads.size());
  TORCH_CHECK(!released, torch::autograd::ERR_BACKWARD_TWICE);
  bool keep_graph = torch::autograd::get_current_graph_task_keep_graph();

  // Autograd's zero-fill of a kept gradient it has none for, from the
  // output's metadata.
  bool kept_defined = true;
  for (size_t i : s.tangents) {
    if (!grads[i].defined() && !input_metadata(i).was_default_constructed())
      grads[i] = input_metadata(i).zeros_like();
    kept_defined = kept_defined && grads[i].defined();
  }
  bool create_graph = c10::GradMode::is_enabled();
  variable_list out;
  if (!create_graph && kept_defined && s.native_backward.load(std::memory_order_acquire)) {
    // The entry keeps the gradients the graph takes, coerces them to the
    // traced layouts and calls the graph (wrap.backward_wrapper).
    check_donated(s, keep_graph);
    out = call_native_backward(grads);
    if (!keep_graph) release();
    return gradients_per_input(std::move(out));
  }

  // The backward graph's arguments: saved symbolic ints (passed apart),
  // saved tensors, then the kept tangents, coerced.
  variable_list args;
  args.reserve(saved.size() + unchecked.size() + s.tangents.size());
  for (const SavedVariable &v : saved) args.push_back(v.unpack(shared_from_this()));
  for (const at::Tensor &t : unchecked) args.push_back(t);
  for (size_t k = 0; k < s.tangents.size(); ++k) args.push_back(coerce(grads[s.tangents[k]], s.layouts[k]));
  // The first backward types the entry from its values: the saved ones
  // are read before they are released.
  GilRef saved_list;
  if (!s.first_backward_done.load(std::memory_order_acquire)) {
    Gil gil;
    if (!s.backward)
      saved_list.object = saved_values(c10::ArrayRef<at::Tensor>(args).slice(0, saved.size() + unchecked.size()));
  }
  if (!keep_graph) release();

  TORCH_CHECK(!(create_graph && s.mutations_in_backward),
              "aot_autograd does not support input mutations with requires_grad in backward for create_graph=True");
  bool needs_grad = false;
  variable_list graph_args;
  if (create_graph) {
    for (const at::Tensor &t : args)
      if (t.defined()) {
        needs_grad = needs_grad || t.requires_grad();
        graph_args.push_back(t);
      }
  }
  {
    // Under create_graph PyTorch runs the graph inside another Function
    // (CompiledFunctionBackward), whose forward is under no_grad and whose
    // backward raises.
    std::optional<at::AutoGradMode> no_grad;
    if (needs_grad) no_grad.emplace(false);
    // Every gradient too: the first backward types the entry from them.
    out = call_backward(args, keep_graph, grads, saved_list.object);
  }
  if (needs_grad) {
    auto error = std::make_shared<torch::autograd::Error>(kDoubleBackward,
                                                          torch::autograd::collect_next_edges(graph_args));
    std::vector<std::optional<at::Tensor>> raw(out.begin(), out.end());
    for (auto &r : raw)
      if (r && !r->defined()) r.reset();
    auto wrapped = torch::autograd::_wrap_outputs(
        graph_args, {}, {}, raw, error,
        [](const variable_list &, const variable_list &) -> variable_list { TORCH_CHECK(false, kDoubleBackward); },
        {}, [](const at::Tensor &x) { return x.view_as(x); }, false);
    for (size_t i = 0; i < out.size(); ++i)
      if (wrapped[i]) out[i] = *wrapped[i];
  }

  return gradients_per_input(std::move(out));
}

// One gradient per forward argument; those of non-tensors are dropped.
variable_list GraphNode::gradients_per_input(variable_list out) {
  size_t forward_inputs = is_tensor_input.size();
  if (out.size() > forward_inputs) {
    bool rest_undefined = true;
    for (size_t i = forward_inputs; i < out.size(); ++i) rest_undefined = rest_undefined && !out[i].defined();
    if (rest_undefined) out.resize(forward_inputs);
  }
  TORCH_CHECK(out.size() == forward_inputs, "function CompiledFunctionBackward returned an incorrect number of ",
              "gradients (expected ", forward_inputs, ", got ", out.size(), ")");
  variable_list results;
  results.reserve(num_outputs());
  for (size_t i = 0; i < out.size(); ++i) {
    if (is_tensor_input[i]) {
      results.push_back(std::move(out[i]));
    } else {
      TORCH_CHECK(!out[i].defined(), "function CompiledFunctionBackward returned a gradient at position ", i + 1,
                  ", but the corresponding forward input was not a tensor");
    }
  }
  return results;
}

struct AutogradGraph {
  PyObject_HEAD
  vectorcallfunc vectorcall;
  std::shared_ptr<GraphSpec> spec;
};

// CompiledFunction.apply(*args): runs the forward graph under no_grad and
// returns its forward values, with this call's node as their grad_fn.
PyObject *AutogradGraph_vectorcall(PyObject *self_, PyObject *const *argv, size_t nargsf, PyObject *kwnames) {
  HANDLE_TH_ERRORS
  auto *self = reinterpret_cast<AutogradGraph *>(self_);
  if (!self->spec) {
    PyErr_SetString(PyExc_RuntimeError, "AutogradGraph was not initialized");
    return nullptr;
  }
  Py_ssize_t nargs = PyVectorcall_NARGS(nargsf);
  if (nargs != 1 || kwnames || !PyList_Check(argv[0])) {
    PyErr_SetString(PyExc_TypeError, "AutogradGraph takes one list of arguments");
    return nullptr;
  }
  const std::shared_ptr<GraphSpec> &spec = self->spec;
  const GraphSpec &s = *spec;
  PyObject *list = argv[0];
  Py_ssize_t n = PyList_GET_SIZE(list);
  if (const auto &functorch = at::functorch::functorchTLSAccessor()) functorch->checkSupportsCppAutogradFunction();

  variable_list inputs;
  std::vector<bool> is_tensor(n);
  inputs.reserve(n);
  for (Py_ssize_t i = 0; i < n; ++i) {
    PyObject *item = PyList_GET_ITEM(list, i);
    if (THPVariable_Check(item)) {
      inputs.push_back(THPVariable_Unpack(item));
      is_tensor[i] = true;
    }
  }
  bool executable = c10::GradMode::is_enabled() && torch::autograd::any_variable_requires_grad(inputs);
  std::shared_ptr<GraphNode> node;
  if (executable) {
    node = std::shared_ptr<GraphNode>(new GraphNode(spec), torch::autograd::deleteNode);
    node->set_next_edges(torch::autograd::collect_next_edges(inputs));
    node->is_tensor_input = std::move(is_tensor);
  }

  THPObjectPtr result;
  {
    at::AutoGradMode no_grad(false);
    c10::AutoFwGradMode no_forward_grad(false);
    std::optional<c10::impl::ExcludeDispatchKeyGuard> no_autocast;
    if (s.disable_amp) no_autocast.emplace(c10::autocast_dispatch_keyset);
    std::optional<SavedTensorHooksOff> hooks_off;
    if (s.hooks_off) hooks_off.emplace();
    THPObjectPtr forward(Py_NewRef(s.forward));  // _use_forward may replace it
    if (s.forward_boxed) {
      THPObjectPtr args(PyList_GetSlice(list, 0, n));  // a boxed graph clears its list
      result = args ? PyObject_CallOneArg(forward.get(), args.get()) : nullptr;
    } else {
      // The native forward (a Wrapper): the arguments as they are, no copy.
      result = PyObject_Vectorcall(forward.get(), PySequence_Fast_ITEMS(list), static_cast<size_t>(n), nullptr);
    }
  }
  if (!result) return nullptr;
  THPObjectPtr seq(PySequence_Fast(result.get(), "the compiled forward graph must return a sequence"));
  if (!seq) return nullptr;
  size_t total = PySequence_Fast_GET_SIZE(seq.get());
  size_t trailing = s.saved_unchecked + s.saved_symints;
  if (total < s.returns + trailing) {
    PyErr_Format(PyExc_RuntimeError, "the compiled forward graph returned %zu values, expected at least %zu", total,
                 s.returns + trailing);
    return nullptr;
  }
  PyObject **items = PySequence_Fast_ITEMS(seq.get());

  std::vector<std::optional<at::Tensor>> raw(s.returns);
  std::unordered_set<at::TensorImpl *> non_differentiable;
  for (size_t i = 0; i < s.returns; ++i) {
    // Aliases (TensorAlias in CompiledFunction) and non-tensors pass
    // through untouched; the runtime wrapper regenerates aliases.
    if (s.aliased[i] || !THPVariable_Check(items[i])) continue;
    at::Tensor t = THPVariable_Unpack(items[i]);
    if (s.unsafe_view[i]) {
      at::AutoGradMode no_grad(false);
      t = at::_unsafe_view(t, t.sizes());
    }
    if (s.non_differentiable[i]) non_differentiable.insert(t.unsafeGetTensorImpl());
    raw[i] = std::move(t);
  }
  auto wrapped = torch::autograd::_wrap_outputs(
      inputs, non_differentiable, {}, raw, node,
      [](const variable_list &, const variable_list &) -> variable_list {
        TORCH_CHECK(false, "a compiled training graph does not support forward-mode AD");
      },
      {}, [](const at::Tensor &x) { return x.view_as(x); }, false);

  if (node) {
    // See PyTorch's Note [Detaching saved tensors in AOTAutograd]; an
    // output saved is saved as one (no reference cycle through grad_fn).
    size_t checked_end = total - trailing;
    node->saved.reserve(checked_end - s.returns);
    for (size_t j = s.returns; j < total - s.saved_symints; ++j) {
      if (!THPVariable_Check(items[j])) {
        PyErr_Format(PyExc_RuntimeError, "the compiled forward graph's saved value #%zu is not a tensor", j);
        return nullptr;
      }
      const at::Tensor &t = THPVariable_Unpack(items[j]);
      if (j < checked_end) {
        at::Tensor kept = t.is_view() ? t.detach() : t;
        bool is_output = kept.grad_fn().get() == node.get();
        node->saved.emplace_back(kept, is_output);
      } else {
        node->unchecked.push_back(t.detach());
      }
    }
    for (size_t j = total - s.saved_symints; j < total; ++j) {
      PyObject *v = items[j];
      if (PyLong_Check(v)) {
        long long i = PyLong_AsLongLong(v);
        if (i == -1 && PyErr_Occurred()) return nullptr;
        node->symints.emplace_back(static_cast<int64_t>(i));
      } else if (PyFloat_Check(v)) {
        node->symints.emplace_back(PyFloat_AS_DOUBLE(v));
      } else {
        PyErr_Format(PyExc_RuntimeError, "the compiled forward graph's saved symbolic value #%zu is a %s", j,
                     Py_TYPE(v)->tp_name);
        return nullptr;
      }
    }
  }

  THPObjectPtr out(PyList_New(static_cast<Py_ssize_t>(s.returns)));
  if (!out) return nullptr;
  for (size_t i = 0; i < s.returns; ++i) {
    PyObject *o;
    if (raw[i]) {
      o = THPVariable_Wrap(*wrapped[i]);
      if (!o) return nullptr;
    } else {
      o = items[i];
      Py_INCREF(o);
    }
    PyList_SET_ITEM(out.get(), static_cast<Py_ssize_t>(i), o);
  }
  return out.release();
  END_HANDLE_TH_ERRORS
}

bool read_flags(PyObject *seq, size_t n, std::vector<bool> &flags, const char *what) {
  flags.assign(n, false);
  THPObjectPtr fast(PySequence_Fast(seq, what));
  if (!fast) return false;
  for (Py_ssize_t k = 0; k < PySequence_Fast_GET_SIZE(fast.get()); ++k) {
    Py_ssize_t i = PyLong_AsSsize_t(PySequence_Fast_GET_ITEM(fast.get(), k));
    if (i == -1 && PyErr_Occurred()) return false;
    if (i < 0 || static_cast<size_t>(i) >= n) {
      PyErr_Format(PyExc_ValueError, "%s: index %zd out of range", what, i);
      return false;
    }
    flags[i] = true;
  }
  return true;
}

bool read_ints(PyObject *seq, std::vector<int64_t> &out, const char *what) {
  THPObjectPtr fast(PySequence_Fast(seq, what));
  if (!fast) return false;
  for (Py_ssize_t k = 0; k < PySequence_Fast_GET_SIZE(fast.get()); ++k) {
    long long v = PyLong_AsLongLong(PySequence_Fast_GET_ITEM(fast.get(), k));
    if (v == -1 && PyErr_Occurred()) return false;
    out.push_back(v);
  }
  return true;
}

const char kFormats[] = "contiguous, channels_last, channels_last_3d";

// Layouts: per kept tangent, a memory format's name or (sizes, strides).
bool read_layouts(PyObject *seq, std::vector<TangentLayout> &out) {
  THPObjectPtr fast(PySequence_Fast(seq, "layouts must be a sequence"));
  if (!fast) return false;
  for (Py_ssize_t k = 0; k < PySequence_Fast_GET_SIZE(fast.get()); ++k) {
    PyObject *item = PySequence_Fast_GET_ITEM(fast.get(), k);
    TangentLayout layout;
    if (PyUnicode_Check(item)) {
      std::string name = PyUnicode_AsUTF8(item);
      if (name == "contiguous") layout.format = at::MemoryFormat::Contiguous;
      else if (name == "channels_last") layout.format = at::MemoryFormat::ChannelsLast;
      else if (name == "channels_last_3d") layout.format = at::MemoryFormat::ChannelsLast3d;
      else {
        PyErr_Format(PyExc_ValueError, "unknown memory format '%s' (expected one of %s)", name.c_str(), kFormats);
        return false;
      }
    } else {
      PyObject *sizes = nullptr, *strides = nullptr;
      if (!PyArg_ParseTuple(item, "OO", &sizes, &strides)) return false;
      if (!read_ints(sizes, layout.sizes, "sizes") || !read_ints(strides, layout.strides, "strides")) return false;
    }
    out.push_back(std::move(layout));
  }
  return true;
}

int AutogradGraph_init(AutogradGraph *self, PyObject *args, PyObject *kwargs) {
  static const char *names[] = {"forward",     "first_backward", "returns",   "aliased",
                                "unsafe_views", "non_differentiable", "saved_unchecked", "saved_symints",
                                "tangents",    "layouts",        "deterministic", "mutations_in_backward",
                                "disable_amp", "hooks_off",      nullptr};
  PyObject *forward, *first_backward, *aliased, *unsafe_views, *non_diff, *tangents, *layouts;
  Py_ssize_t returns, unchecked, symints;
  int deterministic, mutations, disable_amp, hooks_off;
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOnOOOnnOOippp", const_cast<char **>(names), &forward,
                                   &first_backward, &returns, &aliased, &unsafe_views, &non_diff, &unchecked,
                                   &symints, &tangents, &layouts, &deterministic, &mutations, &disable_amp,
                                   &hooks_off))
    return -1;
  if (returns < 0 || unchecked < 0 || symints < 0) {
    PyErr_SetString(PyExc_ValueError, "counts must not be negative");
    return -1;
  }
  auto spec = std::make_shared<GraphSpec>();
  spec->returns = returns;
  spec->saved_unchecked = unchecked;
  spec->saved_symints = symints;
  spec->deterministic = deterministic;
  spec->mutations_in_backward = mutations;
  spec->disable_amp = disable_amp;
  spec->hooks_off = hooks_off;
  std::vector<bool> kept;
  if (!read_flags(aliased, returns, spec->aliased, "aliased") ||
      !read_flags(unsafe_views, returns, spec->unsafe_view, "unsafe_views") ||
      !read_flags(non_diff, returns, spec->non_differentiable, "non_differentiable") ||
      !read_flags(tangents, returns, kept, "tangents") || !read_layouts(layouts, spec->layouts))
    return -1;
  for (size_t i = 0; i < kept.size(); ++i)
    if (kept[i]) spec->tangents.push_back(i);
  if (spec->layouts.size() != spec->tangents.size()) {
    PyErr_SetString(PyExc_ValueError, "one layout per kept tangent");
    return -1;
  }
  Py_INCREF(forward);
  spec->forward = forward;
  spec->forward_boxed = boxed(forward);
  Py_INCREF(first_backward);
  spec->first_backward = first_backward;
  Py_INCREF(tangents);
  spec->tangents_py = tangents;
  Py_INCREF(layouts);
  spec->layouts_py = layouts;
  self->spec = std::move(spec);
  return 0;
}

// Replaces the forward graph (with its native build, once made: the
// training path compiles the forward graph again through the native
// import after AOTAutograd built it).
PyObject *AutogradGraph_use_forward(PyObject *self_, PyObject *forward) {
  auto *self = reinterpret_cast<AutogradGraph *>(self_);
  if (!self->spec) {
    PyErr_SetString(PyExc_RuntimeError, "AutogradGraph was not initialized");
    return nullptr;
  }
  if (!PyCallable_Check(forward)) {
    PyErr_SetString(PyExc_TypeError, "the forward graph must be callable");
    return nullptr;
  }
  GraphSpec &s = *self->spec;
  bool is_boxed = boxed(forward);
  Py_INCREF(forward);
  Py_XSETREF(s.forward, forward);
  s.forward_boxed = is_boxed;
  Py_RETURN_NONE;
}

PyMethodDef graph_methods[] = {
    {"_use_forward", AutogradGraph_use_forward, METH_O, "Replaces the compiled forward graph the call runs."},
    {nullptr, nullptr, 0, nullptr}};

PyObject *AutogradGraph_new(PyTypeObject *type, PyObject *, PyObject *) {
  PyObject *self = type->tp_alloc(type, 0);
  if (!self) return nullptr;
  auto *g = reinterpret_cast<AutogradGraph *>(self);
  g->vectorcall = AutogradGraph_vectorcall;
  new (&g->spec) std::shared_ptr<GraphSpec>();
  return self;
}

void AutogradGraph_dealloc(AutogradGraph *self) {
  self->spec.~shared_ptr<GraphSpec>();
  Py_TYPE(self)->tp_free(reinterpret_cast<PyObject *>(self));
}

PyTypeObject AutogradGraphType = {PyVarObject_HEAD_INIT(nullptr, 0)};
PyTypeObject GraphNodeType;
// What a C++ node's Python object offers (python_cpp_function.h's default
// properties and methods, less _set_sequence_nr, which the headers lack).
using namespace torch::autograd;
PyGetSetDef node_properties[] = {THP_FUNCTION_DEFAULT_PROPERTIES, {nullptr}};
PyMethodDef node_methods[] = {
    {"_register_hook_dict", THPCppFunction_register_hook_dict, METH_O, nullptr},
    {"register_hook", THPCppFunction_register_hook, METH_O, nullptr},
    {"register_prehook", THPCppFunction_register_prehook, METH_O, nullptr},
    {"name", THPCppFunction_name, METH_NOARGS, nullptr},
    {"_sequence_nr", THPCppFunction_sequence_nr, METH_NOARGS, nullptr},
    {nullptr}};

}  // namespace

int add_autograd_graph(PyObject *module) {
  AutogradGraphType.tp_name = "wrapc_torch._C.AutogradGraph";
  AutogradGraphType.tp_basicsize = sizeof(AutogradGraph);
  AutogradGraphType.tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_VECTORCALL;
  AutogradGraphType.tp_vectorcall_offset = offsetof(AutogradGraph, vectorcall);
  AutogradGraphType.tp_doc = "A compiled training graph with its autograd node in C++ (what AOTAutograd's "
                             "CompiledFunction.apply does): AutogradGraph(...)(args: list) -> list";
  AutogradGraphType.tp_new = AutogradGraph_new;
  AutogradGraphType.tp_init = reinterpret_cast<initproc>(AutogradGraph_init);
  AutogradGraphType.tp_dealloc = reinterpret_cast<destructor>(AutogradGraph_dealloc);
  AutogradGraphType.tp_call = PyVectorcall_Call;
  AutogradGraphType.tp_methods = graph_methods;
  if (PyType_Ready(&AutogradGraphType) < 0) return -1;
  // grad_fn shows as PyTorch's own node does.
  torch::autograd::_initFunctionPyTypeObject(GraphNodeType, "CompiledFunctionBackward", node_properties,
                                             node_methods);
  torch::autograd::registerCppFunction(typeid(GraphNode), &GraphNodeType);
  Py_INCREF(&AutogradGraphType);
  return PyModule_AddObject(module, "AutogradGraph", reinterpret_cast<PyObject *>(&AutogradGraphType));
}

}  // namespace wrapc_torch
