//===- WrapTypes.td - wrap dialect types -------------------*- tablegen -*-===//

#ifndef WRAP_TYPES
#define WRAP_TYPES

include "WrapDialect.td"
include "WrapAttrs.td"
include "mlir/IR/BuiltinTypeInterfaces.td"

class Wrap_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<Wrap_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def Wrap_TensorType : Wrap_Type<"WrapTensor", "tensor"> {
  let summary = "runtime tensor handle";
  let description = [{
    A handle to a runtime tensor (storage, offset, sizes, strides, dtype,
    device, autograd flags). The type records what is known statically so
    that views and copies can be specialized: the element type, the rank and
    each static dimension (`?` for a dynamic one), and the device kind.

    ```mlir
    !wrap.tensor<4x?xf32>          // host tensor, dim 1 dynamic
    !wrap.tensor<16xbf16, cuda>    // CUDA tensor
    !wrap.tensor<f64>              // rank-0
    ```
    Element types: f16, bf16, f32, f64, i8, ui8 (uint8), i16, i32, i64,
    i1 (bool).
  }];
  let parameters = (ins
    ArrayRefParameter<"int64_t">:$shape,
    "::mlir::Type":$elementType,
    EnumParameter<Wrap_DeviceKind>:$device
  );
  let builders = [
    TypeBuilderWithInferredContext<(ins "::llvm::ArrayRef<int64_t>":$shape,
        "::mlir::Type":$elementType,
        CArg<"DeviceKind", "DeviceKind::host">:$device), [{
      return $_get(elementType.getContext(), shape, elementType, device);
    }]>
  ];
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    int64_t getRank() const { return getShape().size(); }
    bool hasStaticShape() const;
    /// Byte size of one element.
    unsigned getElementByteWidth() const;
  }];
}

def Wrap_SubclassType : Wrap_Type<"Subclass", "subclass"> {
  let summary = "tensor subclass value";
  let description = [{
    A tensor subclass (PyTorch `__tensor_flatten__` protocol): its Python
    type name, its outer shape and element type (`outer_size`, dtype), and
    its inner attributes in flatten order, each a `!wrap.tensor` or a nested
    `!wrap.subclass`. `meta` is the opaque flatten context handed back to
    `__tensor_unflatten__`. `wrap-flatten-subclasses` turns subclass
    wrappers into `wrap.subclass.*` ops on these values; natively a value is
    a subclass instance, a `wrt_tensor` whose header holds the outer dtype
    and sizes (`wrt_subclass_new`, `wrt_subclass_attr` in
    `wrapc_runtime.h`), so subclass-typed functions are entry points too.

    ```mlir
    !wrap.subclass<"TwoTensor", 4x?xf32, [a: !wrap.tensor<4x?xf32>, b: !wrap.tensor<4x?xf32>]>
    !wrap.subclass<"Fp8", 8xf32, [data: !wrap.tensor<8xi8>], meta = {scale = 2.0 : f64}>
    ```
  }];
  let parameters = (ins
    StringRefParameter<"Python type name">:$name,
    ArrayRefParameter<"int64_t">:$outerShape,
    "::mlir::Type":$elementType,
    ArrayRefParameter<"::mlir::StringAttr", "inner attribute names">:$attrNames,
    ArrayRefParameter<"::mlir::Type", "inner attribute types">:$attrTypes,
    "::mlir::Attribute":$meta
  );
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    int64_t getOuterRank() const { return getOuterShape().size(); }
    /// Appends the plain tensor leaves of this subclass, recursively, in
    /// flatten order.
    void getLeafTypes(::llvm::SmallVectorImpl<::mlir::Type> &leaves) const;
    /// Number of dynamic outer dimensions, i.e. symbolic sizes appended when
    /// symints are included.
    unsigned getNumDynamicOuterDims() const;
  }];
}

def Wrap_AnyTensor : AnyTypeOf<[Wrap_TensorType], "wrap tensor">;
def Wrap_AnyValue : AnyTypeOf<[Wrap_TensorType, Wrap_SubclassType, Index,
                               AnySignlessInteger]>;
def Wrap_KernelArg : AnyTypeOf<[Wrap_TensorType, Index, AnySignlessInteger,
                                AnyFloat], "kernel argument">;

#endif // WRAP_TYPES
