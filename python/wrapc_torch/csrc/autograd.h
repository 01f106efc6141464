// The C++ autograd node of compiled training graphs (autograd.cpp).
#pragma once

#include <Python.h>

namespace wrapc_torch {

// Adds wrapc_torch._C.AutogradGraph to the module; -1 with a Python error set.
int add_autograd_graph(PyObject *module);

}  // namespace wrapc_torch
