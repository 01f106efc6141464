//===- WrapAttrs.td - wrap dialect attributes --------------*- tablegen -*-===//
//
// The per-input and per-output metadata of PyTorch's ViewAndMutationMeta,
// plus kernel autotune configurations.
//
//===----------------------------------------------------------------------===//

#ifndef WRAP_ATTRS
#define WRAP_ATTRS

include "WrapDialect.td"

def Wrap_DeviceKind : I32EnumAttr<"DeviceKind", "device a tensor lives on", [
    I32EnumAttrCase<"host", 0>,
    I32EnumAttrCase<"cuda", 1>
  ]> {
  let cppNamespace = "::wrapc";
  let genSpecializedAttr = 0;
}

def Wrap_OutputType : I32EnumAttr<"OutputType",
    "how a graph output relates to the inputs (PyTorch's OutputType)", [
    I32EnumAttrCase<"non_alias", 0>,
    I32EnumAttrCase<"alias_of_input", 1>,
    I32EnumAttrCase<"is_input", 2>,
    I32EnumAttrCase<"alias_of_intermediate", 3>,
    I32EnumAttrCase<"alias_of_intermediate_save_as_output", 4>,
    I32EnumAttrCase<"alias_of_intermediate_base_is_user_output", 5>,
    I32EnumAttrCase<"unsafe_view_alias", 6>,
    I32EnumAttrCase<"custom_function_view", 7>
  ]> {
  let cppNamespace = "::wrapc";
  let genSpecializedAttr = 0;
}

def Wrap_MutationType : I32EnumAttr<"MutationType",
    "where an input mutation happens (PyTorch's MutationType)", [
    I32EnumAttrCase<"not_mutated", 1>,
    I32EnumAttrCase<"mutated_in_graph", 2>,
    I32EnumAttrCase<"mutated_out_graph", 3>
  ]> {
  let cppNamespace = "::wrapc";
  let genSpecializedAttr = 0;
}

class Wrap_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<Wrap_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

def Wrap_InputInfoAttr : Wrap_Attr<"InputInfo", "input"> {
  let summary = "per-input mutation metadata (PyTorch's InputAliasInfo)";
  let description = [{
    The flags of one runtime input, written as the list of flags that are
    set; `#wrap.input<>` is an input that is neither mutated nor requires
    grad.

    ```mlir
    #wrap.input<mutates_data, requires_grad, is_leaf, mutations_hidden_from_autograd>
    #wrap.input<mutates_data, mutates_metadata, mutates_storage_metadata>
    #wrap.input<mutates_data, keep_input_mutations>
    ```

    The mutation type (PyTorch's `MutationType`) is derived, not stored:
    not mutated when neither data nor metadata (nor storage size) changes;
    mutated in the graph when `keep_input_mutations` is set, the input's
    data or storage changes, and either its metadata is untouched and it
    does not require grad or its mutations are hidden from autograd; mutated
    outside the graph otherwise.
  }];
  let parameters = (ins
    "bool":$mutatesData,
    "bool":$mutatesMetadata,
    "bool":$mutatesStorageMetadata,
    "bool":$mutationsHiddenFromAutograd,
    "bool":$mutationsUnderNoGradOrInferenceMode,
    "bool":$mutationInductorStorageResize,
    "bool":$requiresGrad,
    "bool":$isLeaf,
    "bool":$keepInputMutations
  );
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    MutationType getMutationType() const;
    bool isMutated() const {
      return getMutationType() != MutationType::not_mutated;
    }
  }];
}

def Wrap_OutputInfoAttr : Wrap_Attr<"OutputInfo", "output"> {
  let summary = "per-output alias metadata (PyTorch's OutputAliasInfo)";
  let description = [{
    How one user output relates to the inputs, and the view to regenerate
    when it aliases one. `base` is an input index for `is_input` and
    `alias_of_input`, an intermediate-base index for the
    `alias_of_intermediate*` kinds. `view` records the sizes, strides and
    storage offset seen at trace time (`?`: symbolic); it is checked against
    the output's type but not trusted at run time: the alias is regenerated
    with the geometry of the output the compiled graph returned, as
    PyTorch's `_replay_aliases` does, so the two cannot diverge. `dtype`
    requests a dtype view of the base before the strided view.
    `dynamic_dims` are marked dynamic on the result.

    ```mlir
    #wrap.output<non_alias>
    #wrap.output<is_input, base = 0>
    #wrap.output<alias_of_input, base = 1, requires_grad, view = <[4, ?], [1, 4], 0>>
    #wrap.output<alias_of_intermediate, base = 0, view = <[?], [?], ?>, dynamic_dims = [0]>
    ```
  }];
  let parameters = (ins
    EnumParameter<Wrap_OutputType>:$outputType,
    "int64_t":$baseIndex,
    "bool":$requiresGrad,
    "bool":$hasView,
    ArrayRefParameter<"int64_t">:$viewSizes,
    ArrayRefParameter<"int64_t">:$viewStrides,
    "int64_t":$viewOffset,
    "::mlir::Type":$viewDtype,
    ArrayRefParameter<"int64_t">:$dynamicDims
  );
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    bool hasBase() const { return getBaseIndex() >= 0; }
    /// Outputs the wrapper hands back as the graph returned them.
    bool isPassThrough() const;
    /// Outputs regenerated from an intermediate base the graph returned.
    bool isAliasOfIntermediate() const;
    /// Outputs regenerated from (or equal to) an original input.
    bool isAliasOfInput() const;
  }];
}

def Wrap_KernelConfigAttr : Wrap_Attr<"KernelConfig", "config"> {
  let summary = "one autotune configuration of a kernel";
  let description = [{
    Block sizes (the meta-parameters the grid is divided by, up to three),
    warps per program, pipeline stages and dynamic shared memory in bytes.

    ```mlir
    #wrap.config<"XBLOCK_1024", block = [1024], num_warps = 4, num_stages = 1, shared = 0>
    ```
  }];
  let parameters = (ins
    StringRefParameter<"config name">:$name,
    ArrayRefParameter<"int64_t">:$block,
    "int64_t":$numWarps,
    "int64_t":$numStages,
    "int64_t":$sharedBytes
  );
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

#endif // WRAP_ATTRS
