// Tensor-subclass arguments and results of a compiled wrapper: the native
// half of AOTDispatchSubclassWrapper (wrap.subclass_wrapper).
//
// An argument's type is checked against the compiled one and its inner
// tensors read by attribute (what __tensor_flatten__ named at compile time:
// PyObject_GetAttr, no Python frame for an instance attribute), each
// mirrored as any argument is; the runtime instance holds them, and the
// compiled subclass wrapper unwraps it for the flat graph. A subclass
// result the graph made is rebuilt by PyTorch's own creation function
// (SubclassCreationMeta.creation_fn, __tensor_unflatten__) on the graph's
// results, one Python call per such output; an input returned as it is is
// the caller's object.

#include "wrapper.h"

#include <torch/csrc/Dtype.h>
#include <torch/csrc/utils/object_ptr.h>

namespace wrapc_torch {

namespace {

std::string type_name(PyObject *type) {
  PyObject *name = PyObject_GetAttrString(type, "__qualname__");
  std::string text = name && PyUnicode_Check(name) ? PyUnicode_AsUTF8(name) : "?";
  Py_XDECREF(name);
  PyErr_Clear();
  return text;
}

// What `obj` is, for an error: its type's name.
std::string what_is(PyObject *obj) { return type_name(reinterpret_cast<PyObject *>(Py_TYPE(obj))); }

}  // namespace

SubclassSpec::~SubclassSpec() {
  Py_XDECREF(type);
  for (SubclassAttr &attr : attrs) Py_XDECREF(attr.name);
}

bool parse_subclass_spec(PyObject *row, std::unique_ptr<SubclassSpec> *out) {
  if (row == Py_None) return true;
  PyObject *type = nullptr, *attrs = nullptr, *sizes = nullptr;
  const char *name = nullptr;
  if (!PyArg_ParseTuple(row, "OsO!O!", &type, &name, &PyTuple_Type, &attrs, &PyTuple_Type, &sizes)) return false;
  if (!PyType_Check(type)) {
    PyErr_SetString(PyExc_TypeError, "wrapc: a subclass spec starts with the subclass type");
    return false;
  }
  auto spec = std::make_unique<SubclassSpec>();
  Py_INCREF(type);
  spec->type = type;
  spec->name = name;
  for (Py_ssize_t d = 0; d < PyTuple_GET_SIZE(sizes); ++d) {
    int64_t size = PyLong_AsLongLong(PyTuple_GET_ITEM(sizes, d));
    if (size == -1 && PyErr_Occurred()) return false;
    spec->sizes.push_back(size);
  }
  for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(attrs); ++k) {
    PyObject *attr_name = nullptr, *inner = nullptr;
    if (!PyArg_ParseTuple(PyTuple_GET_ITEM(attrs, k), "UO!", &attr_name, &PyTuple_Type, &inner)) return false;
    SubclassAttr attr;
    PyObject *first = PyTuple_GET_SIZE(inner) ? PyTuple_GET_ITEM(inner, 0) : nullptr;
    if (first && THPDtype_Check(first)) {
      // A plain tensor: (dtype, on CUDA, rank).
      int cuda = 0;
      Py_ssize_t rank = 0;
      if (!PyArg_ParseTuple(inner, "Opn", &first, &cuda, &rank)) return false;
      if (!runtime_dtype(reinterpret_cast<THPDtype *>(first)->scalar_type, &attr.dtype)) {
        PyErr_SetString(PyExc_TypeError, "wrapc: a subclass's inner tensor has a dtype wrapc lacks");
        return false;
      }
      attr.cuda = cuda != 0;
      attr.rank = rank;
    } else if (!parse_subclass_spec(inner, &attr.nested)) {
      return false;
    }
    const char *utf8 = PyUnicode_AsUTF8(attr_name);
    if (!utf8) return false;
    attr.utf8 = utf8;
    Py_INCREF(attr_name);
    attr.name = attr_name;
    spec->attrs.push_back(std::move(attr));
  }
  *out = std::move(spec);
  return true;
}

bool parse_subclass_output(PyObject *row, SubclassOutput *out) {
  if (row == Py_None) return true;
  PyObject *rebuild = nullptr, *spec = nullptr;
  int of_object = 0;
  if (!PyArg_ParseTuple(row, "OOn|p", &rebuild, &spec, &out->base, &of_object)) return false;
  out->of_object = of_object != 0;
  if (!PyCallable_Check(rebuild)) {
    PyErr_SetString(PyExc_TypeError, "wrapc: a subclass output's rebuild must be callable");
    return false;
  }
  if (!parse_subclass_spec(spec, &out->spec)) return false;
  if (!out->spec) {
    PyErr_SetString(PyExc_TypeError, "wrapc: a subclass output needs a spec");
    return false;
  }
  Py_INCREF(rebuild);
  out->rebuild = rebuild;
  return true;
}

wrt_tensor *mirror_instance(Call &call, PyObject *obj, const SubclassSpec &spec, const std::string &what) {
  const Runtime &rt = *call.rt;
  if (reinterpret_cast<PyObject *>(Py_TYPE(obj)) != spec.type)
    throw std::invalid_argument(what + " is a " + what_is(obj) + ", but the function was compiled for a " +
                                type_name(spec.type) + ": compile it again for it");
  const at::Tensor &outer = THPVariable_Unpack(obj);
  // The outer geometry first: a resized instance is named as one, not by
  // the first inner tensor that differs too.
  bool sizes_match = static_cast<size_t>(outer.dim()) == spec.sizes.size();
  for (size_t d = 0; sizes_match && d < spec.sizes.size(); ++d)
    sizes_match = spec.sizes[d] < 0 || spec.sizes[d] == outer.size(static_cast<int64_t>(d));
  if (!sizes_match)
    throw std::runtime_error("wrapc: " + what + " (a " + what_is(obj) + ") has sizes " + c10::str(outer.sizes()) +
                             ", but the function was compiled for " + c10::str(c10::IntArrayRef(spec.sizes)) +
                             " (-1: any): compile it again for it");
  std::vector<wrt_tensor *> handles;
  std::vector<const char *> names;
  handles.reserve(spec.attrs.size());
  // Each inner tensor mirrored is held by the call (Call::leaves); a nested
  // instance made here is ours until this one holds it, also when a later
  // attribute is refused.
  std::vector<wrt_tensor *> nested_made;
  int32_t status = WRT_OK;
  wrt_tensor *instance = nullptr;
  try {
    for (const SubclassAttr &a : spec.attrs) {
      const char *attr_name = a.utf8.c_str();
      std::string where = what + "'s attribute '" + a.utf8 + "'";
      // The object holds its attribute, and the call holds the object.
      THPObjectPtr inner(PyObject_GetAttr(obj, a.name));
      if (!inner) throw std::exception();
      if (!THPVariable_Check(inner.get())) throw std::invalid_argument(where + " is not a tensor");
      wrt_tensor *h = nullptr;
      if (a.nested) {
        h = mirror_instance(call, inner.get(), *a.nested, where);
        nested_made.push_back(h);
      } else {
        if (reinterpret_cast<PyObject *>(Py_TYPE(inner.get())) != reinterpret_cast<PyObject *>(THPVariableClass) &&
            THPVariable_Unpack(inner.get()).key_set().has(c10::DispatchKey::Python))
          throw std::invalid_argument(where + " is a " + what_is(inner.get()) +
                                      ", but the function was compiled for a plain tensor there");
        const at::Tensor &t = THPVariable_Unpack(inner.get());
        if (wrt_tensor *earlier = mirrored(call, t)) {
          if (rt.retain(earlier, &h) != WRT_OK) throw std::runtime_error(rt.last_error());
        } else {
          h = mirror(call, t);
        }
        call.leaves.add(h, t);
      }
      handles.push_back(h);
      names.push_back(attr_name);
    }
    int32_t dtype = 0;
    if (!runtime_dtype(outer.scalar_type(), &dtype))
      throw std::invalid_argument(what + " has dtype " + c10::toString(outer.scalar_type()) + ", which wrapc lacks");
    status = rt.subclass_new(spec.name.c_str(), dtype, outer.dim(), outer.sizes().data(), handles.size(),
                             names.data(), handles.data(), &instance);
  } catch (...) {
    for (wrt_tensor *h : nested_made) rt.release(h);
    throw;
  }
  for (wrt_tensor *h : nested_made) rt.release(h);
  if (status != WRT_OK) throw std::runtime_error(std::string("wrapc: ") + rt.last_error());
  call.instances.push_back({instance, outer, obj, runtime_version(instance)});
  return instance;
}

PyObject *instance_object(Call &call, const wrt_tensor *h) {
  for (const Instance &i : call.instances)
    if (i.handle == h) {
      Py_INCREF(i.object);
      return i.object;
    }
  throw std::runtime_error("wrapc: the graph is handed a tensor-subclass instance that no argument is");
}

wrt_tensor *graph_instance(Call &call, PyObject *obj, const SubclassSpec &spec, const std::string &what) {
  wrt_tensor *h = mirror_instance(call, obj, spec, what);
  Instance &made = call.instances.back();
  wrt_tensor *kept = nullptr;
  if (call.rt->retain(h, &kept) != WRT_OK) {
    call.instances.pop_back();
    call.rt->release(h);
    throw std::runtime_error(std::string("wrapc: ") + call.rt->last_error());
  }
  Py_INCREF(obj);
  made.owned = true;
  return h;
}

void release_instances(Call &call) {
  for (Instance &i : call.instances)
    if (i.owned) {
      call.rt->release(i.handle);
      Py_DECREF(i.object);
      i.owned = false;
    }
}

void reconcile_instances(Call &call) {
  for (const Instance &i : call.instances) {
    if (i.outer.is_inference()) continue;
    for (int64_t k = runtime_version(i.handle) - i.version; k > 0; --k) torch::autograd::impl::bump_version(i.outer);
  }
}

namespace {

// Appends the torch tensors inside runtime instance `h` (as `spec` says
// it is made) to `leaves`, in flatten order.
void collect_leaves(Call &call, const wrt_tensor *h, const SubclassSpec &spec, PyObject *leaves) {
  const Runtime &rt = *call.rt;
  for (size_t k = 0; k < spec.attrs.size(); ++k) {
    const SubclassAttr &a = spec.attrs[k];
    std::vector<int64_t> any(static_cast<size_t>(a.rank), -1);
    wrt_tensor *attr = nullptr;
    if (rt.subclass_attr(h, spec.name.c_str(), k, a.nested ? WRT_SUBCLASS_ATTR : a.dtype, a.cuda ? WRT_CUDA : WRT_HOST,
                         any.size(), any.data(), &attr) != WRT_OK)
      throw std::runtime_error(std::string("wrapc: ") + rt.last_error());
    try {
      if (a.nested) {
        collect_leaves(call, attr, *a.nested, leaves);
      } else {
        PyObject *t = THPVariable_Wrap(to_torch(call, attr));
        if (!t || PyList_Append(leaves, t) < 0) {
          Py_XDECREF(t);
          throw std::exception();
        }
        Py_DECREF(t);
      }
    } catch (...) {
      rt.release(attr);
      throw;
    }
    rt.release(attr);
  }
}

}  // namespace

PyObject *instance_to_python(Call &call, const wrt_tensor *h, size_t output) {
  const Wrapper &w = *call.wrapper;
  const SubclassOutput *out = output < w.subclass_outputs.size() && w.subclass_outputs[output].rebuild
                                  ? &w.subclass_outputs[output]
                                  : nullptr;
  const at::Tensor *base = out ? argument(call, out->base) : nullptr;
  if (out && out->base >= 0 && !base) throw std::runtime_error("wrapc: a tensor-subclass alias of no argument");
  for (const Instance &i : call.instances) {
    if (i.handle != h) continue;
    // An argument, or an object the graph returned; a view of an argument
    // made again from the argument where the graph returned it (training).
    if (!out || !out->of_object || !base) {
      Py_INCREF(i.object);
      return i.object;
    }
    THPObjectPtr base_obj(THPVariable_Wrap(*base));
    if (!base_obj) throw std::exception();
    PyObject *made = PyObject_CallFunctionObjArgs(out->rebuild, i.object, base_obj.get(), nullptr);
    if (!made) throw std::exception();
    return made;
  }
  if (!out || out->of_object)
    throw std::runtime_error("wrapc: a tensor-subclass result the wrapper was not built to rebuild");
  PyObject *leaves = PyList_New(0);
  PyObject *base_obj = base ? THPVariable_Wrap(*base) : (Py_INCREF(Py_None), Py_None);
  PyObject *made = nullptr;
  if (leaves && base_obj) {
    try {
      collect_leaves(call, h, *out->spec, leaves);
      // Its symbolic outer sizes follow its inner tensors, as the graph
      // returned them (creation_fn reads them there).
      c10::IntArrayRef sizes = runtime_sizes(*call.rt, h);
      for (size_t d = 0; d < out->spec->sizes.size() && d < sizes.size(); ++d) {
        if (out->spec->sizes[d] >= 0) continue;
        THPObjectPtr size(PyLong_FromLongLong(sizes[d]));
        if (!size || PyList_Append(leaves, size.get()) < 0) throw std::exception();
      }
    } catch (...) {
      Py_DECREF(leaves);
      Py_DECREF(base_obj);
      throw;
    }
    made = PyObject_CallFunctionObjArgs(out->rebuild, leaves, base_obj, nullptr);
  }
  Py_XDECREF(leaves);
  Py_XDECREF(base_obj);
  if (!made) throw std::exception();
  return made;
}

}  // namespace wrapc_torch
