//===- WrapDialect.h - the wrap dialect -------------------------*- C++ -*-===//
//
// C++ declarations of the `wrap` dialect, its types, attributes and ops, all
// generated from dialects/wrap/*.td.
//
//===----------------------------------------------------------------------===//

#ifndef WRAPC_WRAPDIALECT_H
#define WRAPC_WRAPDIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "wrapc/WrapDialect.h.inc"
#include "wrapc/WrapEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "wrapc/WrapAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "wrapc/WrapTypes.h.inc"

#define GET_OP_FWD_DEFINES
#include "wrapc/WrapOps.h.inc"
#define GET_OP_CLASSES
#include "wrapc/WrapOps.h.inc"

#endif // WRAPC_WRAPDIALECT_H
