// One case per verifier rule and parser error of the wrap dialect
// (WrapDialect.cpp, WrapOps.cpp), then the ODS-declared constraints.
// Not covered because unreachable from text: "<what> has negative dimension"
// (the dimension-list parser never yields a negative size) and "subclass
// '<name>' has N attribute names but M attribute types" (the parser builds
// names and types in pairs).
// Rules that are missing or wrong have their own files: see
// invalid_symint_mutation.mlir, invalid_alias_layout.mlir,
// invalid_strided_offset.mlir and launch_float_args.mlir.
// RUN: wrapc-opt %s -split-input-file -verify-diagnostics

// The list is the runtime ABI's dtypes (wrapc_abi), generated into WrapAbi.h.
// expected-error @+1 {{unsupported tensor element type 'index'; expected one of f16, bf16, f32, f64, i8, i32, i64, i1, ui8, i16}}
func.func private @t(!wrap.tensor<4xindex>)

// -----

// uint8 is the one unsigned element type (PyTorch's uint8); signed and wider
// unsigned integers are not PyTorch dtypes wrapc models.
// expected-error @+1 {{unsupported tensor element type 'ui16'}}
func.func private @t(!wrap.tensor<4xui16>)

// -----

// expected-error @+1 {{unsupported tensor element type 'si8'}}
func.func private @t(!wrap.tensor<4xsi8>)

// -----

// expected-error @+1 {{unknown device 'tpu', expected 'host' or 'cuda'}}
func.func private @t(!wrap.tensor<4xf32, tpu>)

// -----

// expected-error @+1 {{subclass needs a non-empty type name}}
func.func private @t(!wrap.subclass<"", 4xf32, [a: !wrap.tensor<4xf32>]>)

// -----

// expected-error @+1 {{unsupported subclass element type 'index'}}
func.func private @t(!wrap.subclass<"S", 4xindex, [a: !wrap.tensor<4xf32>]>)

// -----

// expected-error @+1 {{subclass 'S' must have at least one inner attribute}}
func.func private @t(!wrap.subclass<"S", 4xf32, []>)

// -----

// expected-error @+1 {{subclass 'S' repeats inner attribute 'a'}}
func.func private @t(!wrap.subclass<"S", 4xf32, [a: !wrap.tensor<4xf32>, a: !wrap.tensor<4xf32>]>)

// -----

// expected-error @+1 {{inner attribute 'a' of subclass 'S' must be a !wrap.tensor or !wrap.subclass, got 'i32'}}
func.func private @t(!wrap.subclass<"S", 4xf32, [a: i32]>)


// -----

// expected-error @+1 {{expected 'meta'}}
func.func private @t(!wrap.subclass<"S", 4xf32, [a: !wrap.tensor<4xf32>], metadata = 1>)
// -----

// expected-error @+1 {{unknown input flag 'mutates_everything'}}
func.func private @a() attributes {x = #wrap.input<mutates_everything>}

// -----

// expected-error @+1 {{input flag 'is_leaf' given twice}}
func.func private @a() attributes {x = #wrap.input<is_leaf, is_leaf>}

// -----

// expected-error @+1 {{'mutates_storage_metadata' requires 'mutates_metadata' (set_() changes the metadata)}}
func.func private @a() attributes {x = #wrap.input<mutates_data, mutates_storage_metadata>}

// -----

// expected-error @+1 {{'mutations_under_no_grad_or_inference_mode' on an input that is not mutated}}
func.func private @a() attributes {x = #wrap.input<mutations_under_no_grad_or_inference_mode>}

// -----

// expected-error @+1 {{unknown output type 'alias_of_everything'}}
func.func private @a() attributes {x = #wrap.output<alias_of_everything>}

// -----

// expected-error @+1 {{output field 'base' given twice}}
func.func private @a() attributes {x = #wrap.output<is_input, base = 0, base = 1>}

// -----

// expected-error @+1 {{unknown output field 'shape'; expected base, requires_grad, view, dtype or dynamic_dims}}
func.func private @a() attributes {x = #wrap.output<non_alias, shape = [1]>}

// -----

// expected-error @+1 {{output of type 'alias_of_input' needs a base index ('base = N')}}
func.func private @a() attributes {x = #wrap.output<alias_of_input>}

// -----

// expected-error @+1 {{base index must be non-negative, got -2}}
func.func private @a() attributes {x = #wrap.output<unsafe_view_alias, base = -2>}

// -----

// expected-error @+1 {{a 'non_alias' output has no base}}
func.func private @a() attributes {x = #wrap.output<non_alias, base = 0>}

// -----

// expected-error @+1 {{output of type 'is_input' is not regenerated as a view; 'view' is not allowed}}
func.func private @a() attributes {x = #wrap.output<is_input, base = 0, view = <[4], [1], 0>>}

// -----

// expected-error @+1 {{output of type 'non_alias' takes no dtype view}}
func.func private @a() attributes {x = #wrap.output<non_alias, dtype = f16>}

// -----

// expected-error @+1 {{unsupported dtype view 'index'}}
func.func private @a() attributes {x = #wrap.output<alias_of_input, base = 0, dtype = index>}

// -----

// expected-error @+1 {{view has 2 sizes but 1 strides}}
func.func private @a() attributes {x = #wrap.output<alias_of_input, base = 0, view = <[4, 4], [1], 0>>}

// -----

// expected-error @+1 {{view size must be non-negative, got -3}}
func.func private @a() attributes {x = #wrap.output<alias_of_input, base = 0, view = <[-3], [1], 0>>}

// -----

// expected-error @+1 {{view storage offset must be non-negative, got -1}}
func.func private @a() attributes {x = #wrap.output<alias_of_input, base = 0, view = <[3], [1], -1>>}

// -----

// expected-error @+1 {{dynamic dim must be a non-negative index}}
func.func private @a() attributes {x = #wrap.output<non_alias, dynamic_dims = [-1]>}

// -----

// expected-error @+1 {{dynamic dim 0 listed twice}}
func.func private @a() attributes {x = #wrap.output<non_alias, dynamic_dims = [0, 0]>}

// -----

// expected-error @+1 {{kernel config needs a non-empty name}}
func.func private @a() attributes {x = #wrap.config<"", block = [1], num_warps = 1, num_stages = 1, shared = 0>}

// -----

// expected-error @+1 {{config 'c' has 4 block sizes; expected 1 to 3}}
func.func private @a() attributes {x = #wrap.config<"c", block = [1, 1, 1, 1], num_warps = 1, num_stages = 1, shared = 0>}


// -----

// expected-error @+1 {{config 'c' has 0 block sizes; expected 1 to 3}}
func.func private @a() attributes {x = #wrap.config<"c", block = [], num_warps = 1, num_stages = 1, shared = 0>}

// -----

// expected-error @+1 {{expected 'block'}}
func.func private @a() attributes {x = #wrap.config<"c", blocks = [1], num_warps = 1, num_stages = 1, shared = 0>}
// -----

// expected-error @+1 {{config 'c' has a non-positive block size}}
func.func private @a() attributes {x = #wrap.config<"c", block = [0], num_warps = 1, num_stages = 1, shared = 0>}

// -----

// expected-error @+1 {{config 'c': num_warps must be a power of two in [1, 32], got 3}}
func.func private @a() attributes {x = #wrap.config<"c", block = [1], num_warps = 3, num_stages = 1, shared = 0>}

// -----

// expected-error @+1 {{config 'c': num_stages must be positive, got 0}}
func.func private @a() attributes {x = #wrap.config<"c", block = [1], num_warps = 1, num_stages = 0, shared = 0>}

// -----

// expected-error @+1 {{config 'c': shared memory must be in [0, 232448] bytes, got 300000}}
func.func private @a() attributes {x = #wrap.config<"c", block = [1], num_warps = 1, num_stages = 1, shared = 300000>}

// -----

//===--- wrap.runtime_wrapper ---===//

func.func private @g(!wrap.tensor<4xf32>) -> !wrap.tensor<4xf32>
// expected-error @+1 {{has 2 input metadata entries for 1 arguments}}
wrap.runtime_wrapper @f : (!wrap.tensor<4xf32>) -> !wrap.tensor<4xf32> calls @g inputs [#wrap.input<>, #wrap.input<>] outputs [#wrap.output<non_alias>]

// -----

func.func private @g(!wrap.tensor<4xf32>) -> !wrap.tensor<4xf32>
// expected-error @+1 {{has 0 output metadata entries for 1 results}}
wrap.runtime_wrapper @f : (!wrap.tensor<4xf32>) -> !wrap.tensor<4xf32> calls @g inputs [#wrap.input<>] outputs []

// -----

func.func private @g(!wrap.tensor<4xf32>) -> !wrap.tensor<4xf32>
// expected-error @+1 {{num_intermediate_bases must be non-negative}}
wrap.runtime_wrapper @f : (!wrap.tensor<4xf32>) -> !wrap.tensor<4xf32> calls @g inputs [#wrap.input<>] outputs [#wrap.output<non_alias>] {num_intermediate_bases = -1}

// -----

// An outer wrapper over subclass instances calls what takes them (the
// subclass wrapper), not the flat graph.
func.func private @g(!wrap.tensor<4xf32>) -> !wrap.tensor<4xf32>
// expected-error @+1 {{callee 'g' takes '!wrap.tensor<4xf32>' but the wrapper passes '!wrap.subclass<"S", 4xf32, [a: !wrap.tensor<4xf32>]>'}}
wrap.runtime_wrapper @f : (!wrap.subclass<"S", 4xf32, [a: !wrap.tensor<4xf32>]>) -> !wrap.tensor<4xf32> calls @g inputs [#wrap.input<>] outputs [#wrap.output<non_alias>]

// -----

func.func private @g(index) -> index
// expected-error @+1 {{argument #0 of type 'index' is a symbolic int; it cannot be mutated or require grad}}
wrap.runtime_wrapper @f : (index) -> index calls @g inputs [#wrap.input<mutates_data>] outputs [#wrap.output<non_alias>]


// -----

func.func private @g(i64) -> ()
// expected-error @+1 {{argument #0 of type 'i64' is a symbolic int; it cannot be mutated or require grad}}
wrap.runtime_wrapper @f : (i64) -> () calls @g inputs [#wrap.input<requires_grad>] outputs []
// -----

func.func private @g(f32) -> ()
// expected-error @+1 {{argument #0 has unsupported type 'f32'}}
wrap.runtime_wrapper @f : (f32) -> () calls @g inputs [#wrap.input<>] outputs []

// -----

func.func private @g(!wrap.tensor<4xf32>) -> ()
// expected-error @+1 {{'detach_inputs' only applies with 'trace_joint'}}
wrap.runtime_wrapper @f : (!wrap.tensor<4xf32>) -> () calls @g inputs [#wrap.input<>] outputs [] {detach_inputs = array<i64: 0>}

// -----

func.func private @g(!wrap.tensor<4xf32>) -> ()
// expected-error @+1 {{detached input #3 is out of range (1 inputs)}}
wrap.runtime_wrapper @f : (!wrap.tensor<4xf32>) -> () calls @g inputs [#wrap.input<>] outputs [] {trace_joint, detach_inputs = array<i64: 3>}

// -----

func.func private @g(index) -> ()
// expected-error @+1 {{detached input #0 is not a tensor}}
wrap.runtime_wrapper @f : (index) -> () calls @g inputs [#wrap.input<>] outputs [] {trace_joint, detach_inputs = array<i64: 0>}

// -----

func.func private @g(!wrap.tensor<4xf32>) -> ()
// expected-error @+1 {{input #0 is detached twice}}
wrap.runtime_wrapper @f : (!wrap.tensor<4xf32>) -> () calls @g inputs [#wrap.input<>] outputs [] {trace_joint, detach_inputs = array<i64: 0, 0>}

// -----

func.func private @g() -> f32
// expected-error @+1 {{result #0 has unsupported type 'f32'}}
wrap.runtime_wrapper @f : () -> f32 calls @g inputs [] outputs [#wrap.output<non_alias>]

// -----

func.func private @g(!wrap.tensor<4xf32>) -> index
// expected-error @+1 {{result #0 of type 'index' is not a tensor, so it must be 'non_alias'}}
wrap.runtime_wrapper @f : (!wrap.tensor<4xf32>) -> index calls @g inputs [#wrap.input<>] outputs [#wrap.output<is_input, base = 0>]

// -----

func.func private @g(!wrap.tensor<4xf32>) -> !wrap.tensor<4xf32>
// expected-error @+1 {{result #0 aliases input #5 but there are only 1 inputs}}
wrap.runtime_wrapper @f : (!wrap.tensor<4xf32>) -> !wrap.tensor<4xf32> calls @g inputs [#wrap.input<>] outputs [#wrap.output<alias_of_input, base = 5>]

// -----

func.func private @g(index) -> !wrap.tensor<4xf32>
// expected-error @+1 {{result #0 aliases input #0 of type 'index', which is not a tensor}}
wrap.runtime_wrapper @f : (index) -> !wrap.tensor<4xf32> calls @g inputs [#wrap.input<>] outputs [#wrap.output<alias_of_input, base = 0>]

// -----

func.func private @g(!wrap.tensor<8xf32>) -> !wrap.tensor<4xf32>
// expected-error @+1 {{result #0 is input #0 but its type '!wrap.tensor<4xf32>' differs from '!wrap.tensor<8xf32>'}}
wrap.runtime_wrapper @f : (!wrap.tensor<8xf32>) -> !wrap.tensor<4xf32> calls @g inputs [#wrap.input<>] outputs [#wrap.output<is_input, base = 0>]

// -----

func.func private @g() -> !wrap.tensor<4xf32>
// expected-error @+1 {{result #0 aliases user output #3 but there are only 1 outputs}}
wrap.runtime_wrapper @f : () -> !wrap.tensor<4xf32> calls @g inputs [] outputs [#wrap.output<alias_of_intermediate_base_is_user_output, base = 3>]

// -----

func.func private @g() -> (index, !wrap.tensor<4xf32>)
// expected-error @+1 {{result #1 aliases user output #0, which is not a tensor}}
wrap.runtime_wrapper @f : () -> (index, !wrap.tensor<4xf32>) calls @g inputs [] outputs [#wrap.output<non_alias>, #wrap.output<alias_of_intermediate_base_is_user_output, base = 0>]

// -----

func.func private @g() -> !wrap.tensor<4xf32>
// expected-error @+1 {{result #0 aliases intermediate base #0 but there are only 0 intermediate bases}}
wrap.runtime_wrapper @f : () -> !wrap.tensor<4xf32> calls @g inputs [] outputs [#wrap.output<alias_of_intermediate, base = 0>]

// -----

func.func private @g(!wrap.tensor<4xf32>) -> !wrap.tensor<4xf32>
// expected-error @+1 {{result #0 has a view of rank 2 but its type has rank 1}}
wrap.runtime_wrapper @f : (!wrap.tensor<4xf32>) -> !wrap.tensor<4xf32> calls @g inputs [#wrap.input<>] outputs [#wrap.output<alias_of_input, base = 0, view = <[2, 2], [2, 1], 0>>]

// -----

func.func private @g(!wrap.tensor<8xf32>) -> !wrap.tensor<4xf32>
// expected-error @+1 {{result #0 has view size 8 in dimension 0 but its type has size 4}}
wrap.runtime_wrapper @f : (!wrap.tensor<8xf32>) -> !wrap.tensor<4xf32> calls @g inputs [#wrap.input<>] outputs [#wrap.output<alias_of_input, base = 0, view = <[8], [1], 0>>]

// -----

func.func private @g(!wrap.tensor<4xf32>) -> !wrap.tensor<4xf32>
// expected-error @+1 {{result #0 takes a dtype view to 'i32' but its element type is 'f32'}}
wrap.runtime_wrapper @f : (!wrap.tensor<4xf32>) -> !wrap.tensor<4xf32> calls @g inputs [#wrap.input<>] outputs [#wrap.output<alias_of_input, base = 0, dtype = i32>]

// -----

func.func private @g() -> !wrap.tensor<4xf32>
// expected-error @+1 {{result #0 marks dim 1 dynamic but has rank 1}}
wrap.runtime_wrapper @f : () -> !wrap.tensor<4xf32> calls @g inputs [] outputs [#wrap.output<non_alias, dynamic_dims = [1]>]

// -----

wrap.kernel @g : () -> () entry "g" configs [#wrap.config<"c", block = [1], num_warps = 1, num_stages = 1, shared = 0>] {ptx = ""}
// expected-error @+1 {{callee 'g' does not name a func.func}}
wrap.runtime_wrapper @f : () -> () calls @g inputs [] outputs []

// -----

func.func private @g(!wrap.tensor<8xf32>) -> ()
// expected-error @+1 {{callee 'g' takes '!wrap.tensor<8xf32>' but the wrapper passes '!wrap.tensor<4xf32>'}}
wrap.runtime_wrapper @f : (!wrap.tensor<4xf32>) -> () calls @g inputs [#wrap.input<>] outputs []

// -----

func.func private @g(!wrap.tensor<4xf32>) -> ()
// expected-error @+1 {{callee 'g' returns 0 values but 1 are expected (1 mutated inputs + 0 outputs + 0 intermediate bases)}}
wrap.runtime_wrapper @f : (!wrap.tensor<4xf32>) -> () calls @g inputs [#wrap.input<mutates_data>] outputs []

// -----

func.func private @g(!wrap.tensor<4xf32>) -> !wrap.tensor<4xi32>
// expected-error @+1 {{callee result #0 must be the new value of input #0 ('!wrap.tensor<4xf32>'), got '!wrap.tensor<4xi32>'}}
wrap.runtime_wrapper @f : (!wrap.tensor<4xf32>) -> () calls @g inputs [#wrap.input<mutates_data>] outputs []

// -----

func.func private @g() -> !wrap.tensor<8xf32>
// expected-error @+1 {{result #0 has type '!wrap.tensor<4xf32>' but the callee returns '!wrap.tensor<8xf32>'}}
wrap.runtime_wrapper @f : () -> !wrap.tensor<4xf32> calls @g inputs [] outputs [#wrap.output<non_alias>]

// -----

func.func private @g() -> index
// expected-error @+1 {{callee result #0 is an intermediate base and must be a tensor}}
wrap.runtime_wrapper @f : () -> () calls @g inputs [] outputs [] {num_intermediate_bases = 1}

// -----

//===--- wrap.subclass_wrapper ---===//

func.func private @g(!wrap.tensor<4xf32>) -> ()
// expected-error @+1 {{frozen input #2 is out of range (1 inputs)}}
wrap.subclass_wrapper @f : (!wrap.subclass<"S", 4xf32, [a: !wrap.tensor<4xf32>]>) -> () calls @g {frozen = array<i64: 2>}

// -----

func.func private @g(!wrap.tensor<4xf32>) -> ()
// expected-error @+1 {{input #0 is listed as frozen twice}}
wrap.subclass_wrapper @f : (!wrap.subclass<"S", 4xf32, [a: !wrap.tensor<4xf32>]>) -> () calls @g {frozen = array<i64: 0, 0>}

// -----

func.func private @g(!wrap.tensor<4xf32>, index) -> ()
// expected-error @+1 {{frozen input #1 is not a tensor}}
wrap.subclass_wrapper @f : (!wrap.subclass<"S", 4xf32, [a: !wrap.tensor<4xf32>]>, index) -> () calls @g {frozen = array<i64: 1>}

// -----

func.func private @g(!wrap.tensor<?xf32>) -> ()
// expected-error @+1 {{has dynamic outer dimensions; they travel as symints, so 'append_symints' is required}}
wrap.subclass_wrapper @f : (!wrap.subclass<"S", ?xf32, [a: !wrap.tensor<?xf32>]>) -> () calls @g

// -----

func.func private @g(!wrap.tensor<4xf32>) -> ()
// expected-error @+1 {{nested subclass '!wrap.subclass<"In", ?xf32, [a: !wrap.tensor<4xf32>]>' must have a static outer shape}}
wrap.subclass_wrapper @f : (!wrap.subclass<"S", 4xf32, [x: !wrap.subclass<"In", ?xf32, [a: !wrap.tensor<4xf32>]>]>) -> () calls @g {append_symints}

// -----

func.func private @g(!wrap.tensor<4xf32>) -> ()
// expected-error @+1 {{has no subclass argument or result; call the inner wrapper directly}}
wrap.subclass_wrapper @f : (!wrap.tensor<4xf32>) -> () calls @g

// -----

wrap.kernel @g : () -> () entry "g" configs [#wrap.config<"c", block = [1], num_warps = 1, num_stages = 1, shared = 0>] {ptx = ""}
// expected-error @+1 {{callee 'g' does not name a wrap.runtime_wrapper or func.func}}
wrap.subclass_wrapper @f : (!wrap.subclass<"S", 4xf32, [a: !wrap.tensor<4xf32>]>) -> () calls @g

// -----

func.func private @g(!wrap.tensor<4xf32>) -> ()
// expected-error @+1 {{callee 'g' has type '(!wrap.tensor<4xf32>) -> ()' but flattening the subclasses gives '(!wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> ()'}}
wrap.subclass_wrapper @f : (!wrap.subclass<"S", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]>) -> () calls @g

// -----

//===--- level 2 ---===//

func.func @f() {
  // expected-error @+1 {{callee 'nope' does not name a func.func}}
  wrap.call_compiled @nope() : () -> ()
  return
}

// -----

func.func private @g(!wrap.tensor<4xf32>) -> ()
func.func @f(%x: !wrap.tensor<8xf32>) {
  // expected-error @+1 {{passes '!wrap.tensor<8xf32>' but 'g' takes '!wrap.tensor<4xf32>'}}
  wrap.call_compiled @g(%x) : (!wrap.tensor<8xf32>) -> ()
  return
}

// -----

func.func private @g() -> (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>)
func.func @f() {
  // expected-error @+1 {{compiled graph 'g' returns 2 values but the call expects 1}}
  %r = wrap.call_compiled @g() : () -> !wrap.tensor<4xf32>
  return
}

// -----

func.func private @g() -> !wrap.tensor<8xf32>
func.func @f() {
  // expected-error @+1 {{expects results '!wrap.tensor<4xf32>' but 'g' returns '!wrap.tensor<8xf32>'}}
  %r = wrap.call_compiled @g() : () -> !wrap.tensor<4xf32>
  return
}

// -----

func.func @f(%x: !wrap.tensor<4xf32>, %y: !wrap.tensor<4xf32>) {
  // expected-error @+1 {{input metadata #wrap.input<mutates_data, keep_input_mutations> does not describe a mutation the wrapper writes back (not mutated, or mutated in the graph)}}
  wrap.apply_mutation %x, %y {info = #wrap.input<mutates_data, keep_input_mutations>} : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
  return
}

// -----

func.func @f(%x: !wrap.tensor<4xf32>, %y: !wrap.tensor<4xf32>) {
  // expected-error @+1 {{input metadata #wrap.input<requires_grad> does not describe a mutation the wrapper writes back}}
  wrap.apply_mutation %x, %y {info = #wrap.input<requires_grad>} : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
  return
}

// -----

func.func @f(%x: !wrap.tensor<4xf32>, %y: !wrap.tensor<4xf16>) {
  // expected-error @+1 {{original input and update element types differ: 'f32' vs 'f16'}}
  wrap.apply_mutation %x, %y {info = #wrap.input<mutates_data>} : !wrap.tensor<4xf32>, !wrap.tensor<4xf16>
  return
}


// -----

func.func @f(%x: !wrap.tensor<4xf32>, %y: !wrap.tensor<4xf32, cuda>) {
  // expected-error @+1 {{original input and update live on different devices: host vs cuda}}
  wrap.apply_mutation %x, %y {info = #wrap.input<mutates_data>} : !wrap.tensor<4xf32>, !wrap.tensor<4xf32, cuda>
  return
}
// -----

func.func @f(%x: !wrap.tensor<4xf32>, %y: !wrap.tensor<4xf32, cuda>) {
  // expected-error @+1 {{original input and update live on different devices}}
  wrap.copy_inplace %x, %y : !wrap.tensor<4xf32>, !wrap.tensor<4xf32, cuda>
  return
}

// -----

func.func @f(%x: !wrap.tensor<4xf32>, %y: !wrap.tensor<4xf16>) {
  // expected-error @+1 {{original input and update element types differ: 'f32' vs 'f16'}}
  wrap.set_storage %x, %y : !wrap.tensor<4xf32>, !wrap.tensor<4xf16>
  return
}


// -----

func.func @f(%x: !wrap.tensor<4xf32>, %y: !wrap.tensor<4xi32>) {
  // expected-error @+1 {{'wrap.as_strided_inplace' op original input and update element types differ: 'f32' vs 'i32'}}
  wrap.as_strided_inplace %x, %y : !wrap.tensor<4xf32>, !wrap.tensor<4xi32>
  return
}

// -----

func.func @f(%x: !wrap.tensor<4xf32, cuda>, %y: !wrap.tensor<4xf32>) {
  // expected-error @+1 {{'wrap.set_storage' op original input and update live on different devices}}
  wrap.set_storage %x, %y : !wrap.tensor<4xf32, cuda>, !wrap.tensor<4xf32>
  return
}
// -----

func.func @f(%x: !wrap.tensor<4xf32>, %y: !wrap.tensor<2x4xf32>) {
  // expected-error @+1 {{cannot copy a rank-2 tensor into a rank-1 tensor}}
  wrap.detach_copy_inplace %x, %y : !wrap.tensor<4xf32>, !wrap.tensor<2x4xf32>
  return
}
// -----

// After as_strided_ the input has the update's geometry, but never its
// dtype: as_strided_ keeps the element type.
func.func @f(%x: !wrap.tensor<4xf32>, %y: !wrap.tensor<2x4xf16>) {
  // expected-error @+1 {{original input and update element types differ}}
  wrap.copy_inplace %x, %y {restrided} : !wrap.tensor<4xf32>, !wrap.tensor<2x4xf16>
  return
}

// -----

// `restrided` says orig has updated's geometry: only an as_strided_inplace
// of the same two tensors right before the copy makes that true.
func.func @f(%x: !wrap.tensor<4xf32>, %y: !wrap.tensor<2x4xf32>, %z: !wrap.tensor<2x4xf32>) {
  wrap.as_strided_inplace %x, %z : !wrap.tensor<4xf32>, !wrap.tensor<2x4xf32>
  // expected-error @+1 {{'restrided' needs a wrap.as_strided_inplace of the same tensors just before it}}
  wrap.copy_inplace %x, %y {restrided} : !wrap.tensor<4xf32>, !wrap.tensor<2x4xf32>
  return
}

// -----

func.func @f(%x: !wrap.tensor<4xf32>, %y: !wrap.tensor<2x4xf32>) {
  // expected-error @+1 {{'restrided' needs a wrap.as_strided_inplace of the same tensors just before it}}
  wrap.detach_copy_inplace %x, %y {restrided} : !wrap.tensor<4xf32>, !wrap.tensor<2x4xf32>
  return
}

// -----

func.func @f(%x: !wrap.tensor<4xf32>, %y: !wrap.tensor<3xf32>) {
  // expected-error @+1 {{update shape '!wrap.tensor<3xf32>' does not broadcast to '!wrap.tensor<4xf32>'}}
  wrap.copy_inplace %x, %y : !wrap.tensor<4xf32>, !wrap.tensor<3xf32>
  return
}

// -----

func.func @f(%out: !wrap.tensor<4xf32>, %b: !wrap.tensor<4xf32>) {
  // expected-error @+1 {{output of type 'non_alias' is passed through and takes no base}}
  %r = wrap.replay_alias %out from %b : !wrap.tensor<4xf32> {info = #wrap.output<non_alias>} : !wrap.tensor<4xf32> -> !wrap.tensor<4xf32>
  return
}

// -----

func.func @f(%out: !wrap.tensor<4xf32>) {
  // expected-error @+1 {{output of type 'alias_of_input' needs the tensor it aliases ('from %base')}}
  %r = wrap.replay_alias %out {info = #wrap.output<alias_of_input, base = 0>} : !wrap.tensor<4xf32> -> !wrap.tensor<4xf32>
  return
}

// -----

func.func @f(%out: !wrap.tensor<4xf32>) {
  // expected-error @+1 {{result type '!wrap.tensor<8xf32>' differs from the graph output's type '!wrap.tensor<4xf32>'}}
  %r = wrap.replay_alias %out {info = #wrap.output<non_alias>} : !wrap.tensor<4xf32> -> !wrap.tensor<8xf32>
  return
}

// -----

func.func @f(%out: !wrap.tensor<4xf32>, %b: !wrap.tensor<8xf32>) {
  // expected-error @+1 {{an 'is_input' output must have its input's type}}
  %r = wrap.replay_alias %out from %b : !wrap.tensor<8xf32> {info = #wrap.output<is_input, base = 0>} : !wrap.tensor<4xf32> -> !wrap.tensor<4xf32>
  return
}

// -----

func.func @f(%out: !wrap.tensor<4xf32>, %b: !wrap.tensor<8xf32>) {
  // expected-error @+1 {{view of rank 2 for a result of rank 1}}
  %r = wrap.replay_alias %out from %b : !wrap.tensor<8xf32> {info = #wrap.output<alias_of_input, base = 0, view = <[2, 2], [2, 1], 0>>} : !wrap.tensor<4xf32> -> !wrap.tensor<4xf32>
  return
}

// -----

func.func @f(%b: !wrap.tensor<8xf32>) {
  // expected-error @+1 {{source and view element types differ: 'f32' vs 'i32'}}
  %v = wrap.as_strided %b [4] [1] 0 : !wrap.tensor<8xf32> -> !wrap.tensor<4xi32>
  return
}


// -----

func.func @f(%b: !wrap.tensor<8xf32>) {
  // expected-error @+1 {{source and view live on different devices: host vs cuda}}
  %v = wrap.as_strided %b [4] [1] 0 : !wrap.tensor<8xf32> -> !wrap.tensor<4xf32, cuda>
  return
}

// -----

func.func @f(%b: !wrap.tensor<8xf32>) {
  // expected-error @+1 {{sizes #0 must be non-negative, got -1}}
  %v = wrap.as_strided %b [-1] [1] 0 : !wrap.tensor<8xf32> -> !wrap.tensor<?xf32>
  return
}

// -----

// Only the generic form can disagree with the custom syntax about how many
// `?` entries have operands.
func.func @f(%b: !wrap.tensor<8xf32>) {
  // expected-error @+1 {{expected 1 dynamic sizes values}}
  %v = "wrap.as_strided"(%b) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_sizes = array<i64: -9223372036854775808>, static_strides = array<i64: 1>, static_offset = 0 : i64}> : (!wrap.tensor<8xf32>) -> !wrap.tensor<?xf32>
  return
}
// -----

func.func @f(%b: !wrap.tensor<8xf32>) {
  // expected-error @+1 {{expects 1 sizes (one per dimension of the result), got 2}}
  %v = wrap.as_strided %b [4, 1] [1] 0 : !wrap.tensor<8xf32> -> !wrap.tensor<4xf32>
  return
}

// -----

func.func @f(%b: !wrap.tensor<8xf32>) {
  // expected-error @+1 {{sizes #0 is 3 but the result type has dimension 4}}
  %v = wrap.reinterpret %b [3] [1] 0 : !wrap.tensor<8xf32> -> !wrap.tensor<4xf32>
  return
}

// -----

func.func @f(%b: !wrap.tensor<8xf32>) {
  // expected-error @+1 {{storage offset must be non-negative, got -2}}
  %v = wrap.as_strided %b [4] [1] -2 : !wrap.tensor<8xf32> -> !wrap.tensor<4xf32>
  return
}

// -----

func.func @f(%b: !wrap.tensor<4xf32>) {
  // expected-error @+1 {{cannot change the device in a dtype view}}
  %v = wrap.view_dtype %b : !wrap.tensor<4xf32> -> !wrap.tensor<4xi32, cuda>
  return
}

// -----

func.func @f(%b: !wrap.tensor<4xf32>) {
  // expected-error @+1 {{dtype view from 'f32' to 'f16' must keep the bytes of the last dimension (4 x 4 vs 4 x 2)}}
  %v = wrap.view_dtype %b : !wrap.tensor<4xf32> -> !wrap.tensor<4xf16>
  return
}

// -----

func.func @f(%b: !wrap.tensor<f32>) {
  // expected-error @+1 {{a 0-d tensor cannot be viewed as 'f16' (different element sizes)}}
  %v = wrap.view_dtype %b : !wrap.tensor<f32> -> !wrap.tensor<f16>
  return
}

// -----

func.func @f(%b: !wrap.tensor<3x4xf32>) {
  // expected-error @+1 {{dtype view must keep dimension 0}}
  %v = wrap.view_dtype %b : !wrap.tensor<3x4xf32> -> !wrap.tensor<2x8xf16>
  return
}

// -----

func.func @f(%b: !wrap.tensor<4xf32>) {
  // expected-error @+1 {{dtype view must keep the rank}}
  %v = wrap.view_dtype %b : !wrap.tensor<4xf32> -> !wrap.tensor<2x4xf16>
  return
}

// -----

func.func @f(%b: !wrap.tensor<4xf32>) {
  // expected-error @+1 {{dtype view must keep the shape}}
  %v = wrap.view_dtype %b : !wrap.tensor<4xf32> -> !wrap.tensor<2xi32>
  return
}

// -----

func.func @f(%s: !wrap.subclass<"S", 4xf32, [a: !wrap.tensor<4xf32>]>) {
  // expected-error @+1 {{unwrapping '!wrap.subclass<"S", 4xf32, [a: !wrap.tensor<4xf32>]>' gives '!wrap.tensor<4xf32>', not '!wrap.tensor<4xf32>', '!wrap.tensor<4xf32>'}}
  %a, %b = wrap.subclass.unwrap %s : !wrap.subclass<"S", 4xf32, [a: !wrap.tensor<4xf32>]> -> !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
  return
}

// -----

func.func @f(%a: !wrap.tensor<8xf32>) {
  // expected-error @+1 {{rebuilding '!wrap.subclass<"S", 4xf32, [a: !wrap.tensor<4xf32>]>' needs inner values '!wrap.tensor<4xf32>', got '!wrap.tensor<8xf32>'}}
  %s = wrap.subclass.wrap(%a : !wrap.tensor<8xf32>) -> !wrap.subclass<"S", 4xf32, [a: !wrap.tensor<4xf32>]>
  return
}

// -----

func.func @f(%a: !wrap.tensor<4xf32>) {
  // expected-error @+1 {{rebuilding '!wrap.subclass<"S", ?xf32, [a: !wrap.tensor<4xf32>]>' needs 1 outer sizes (one per dynamic dimension), got 0}}
  %s = wrap.subclass.wrap(%a : !wrap.tensor<4xf32>) -> !wrap.subclass<"S", ?xf32, [a: !wrap.tensor<4xf32>]>
  return
}

// -----

func.func @f(%x: !wrap.tensor<4xf32>) {
  // expected-error @+1 {{dimension 1 is out of range for a tensor of rank 1}}
  wrap.mark_dynamic %x [1] : !wrap.tensor<4xf32>
  return
}

// -----

func.func @f(%x: !wrap.tensor<4x4xf32>) {
  // expected-error @+1 {{dimension 1 listed twice}}
  wrap.mark_dynamic %x [1, 1] : !wrap.tensor<4x4xf32>
  return
}

// -----

func.func @f(%x: !wrap.tensor<4xf32>) {
  // expected-error @+1 {{dimension 2 is out of range for a tensor of rank 1}}
  %s = wrap.tensor.size %x, 2 : !wrap.tensor<4xf32>
  return
}

// -----

func.func @f(%x: !wrap.tensor<4xf32>) {
  // expected-error @+1 {{dimension -1 is out of range for a tensor of rank 1}}
  %s = wrap.tensor.stride %x, -1 : !wrap.tensor<4xf32>
  return
}

// -----

//===--- level 3 ---===//

// expected-error @+1 {{kernels return nothing; got results 'index'}}
wrap.kernel @k : () -> index entry "k" configs [#wrap.config<"c", block = [1], num_warps = 1, num_stages = 1, shared = 0>] {ptx = ""}

// -----

// expected-error @+1 {{kernel argument #0 has unsupported type '!wrap.subclass<"S", 4xf32, [a: !wrap.tensor<4xf32>]>'}}
wrap.kernel @k : (!wrap.subclass<"S", 4xf32, [a: !wrap.tensor<4xf32>]>) -> () entry "k" configs [#wrap.config<"c", block = [1], num_warps = 1, num_stages = 1, shared = 0>] {ptx = ""}

// -----

// expected-error @+1 {{needs at least one autotune config}}
wrap.kernel @k : () -> () entry "k" configs [] {ptx = ""}

// -----

// expected-error @+1 {{config name 'c' is used twice}}
wrap.kernel @k : () -> () entry "k" configs [#wrap.config<"c", block = [1], num_warps = 1, num_stages = 1, shared = 0>, #wrap.config<"c", block = [2], num_warps = 1, num_stages = 1, shared = 0>] {ptx = ""}

// -----

// expected-error @+1 {{config 'd' has 2 block sizes but the first config has 1}}
wrap.kernel @k : () -> () entry "k" configs [#wrap.config<"c", block = [1], num_warps = 1, num_stages = 1, shared = 0>, #wrap.config<"d", block = [2, 2], num_warps = 1, num_stages = 1, shared = 0>] {ptx = ""}

// -----

// expected-error @+1 {{needs a payload: 'ptx', 'ptx_file', 'cubin_file', 'host' or 'library'}}
wrap.kernel @k : () -> () entry "k" configs [#wrap.config<"c", block = [1], num_warps = 1, num_stages = 1, shared = 0>]

// -----

// expected-error @+1 {{has both inline 'ptx' and 'ptx_file'}}
wrap.kernel @k : () -> () entry "k" configs [#wrap.config<"c", block = [1], num_warps = 1, num_stages = 1, shared = 0>] {ptx = "", ptx_file = "k.ptx"}

// -----

// expected-error @+1 {{needs a non-empty entry point name}}
wrap.kernel @k : () -> () entry "" configs [#wrap.config<"c", block = [1], num_warps = 1, num_stages = 1, shared = 0>] {ptx = ""}

// -----

// expected-error @+1 {{host payload 'nope' does not name a func.func}}
wrap.kernel @k : () -> () entry "k" configs [#wrap.config<"c", block = [1], num_warps = 1, num_stages = 1, shared = 0>] {host = @nope}

// -----

func.func private @h(index, index)
// expected-error @+1 {{host payload 'h' has type '(index, index) -> ()'; expected the 0 kernel arguments then three index program ids and no results}}
wrap.kernel @k : () -> () entry "k" configs [#wrap.config<"c", block = [1], num_warps = 1, num_stages = 1, shared = 0>] {host = @h}

// -----

func.func private @h(i64, index, index, index)
// expected-error @+1 {{host payload argument #0 has type 'i64' for kernel argument type '!wrap.tensor<4xf32>'}}
wrap.kernel @k : (!wrap.tensor<4xf32>) -> () entry "k" configs [#wrap.config<"c", block = [1], num_warps = 1, num_stages = 1, shared = 0>] {host = @h}

// -----

func.func private @h(index, index, i32)
// expected-error @+1 {{host payload's program id #2 must be index}}
wrap.kernel @k : () -> () entry "k" configs [#wrap.config<"c", block = [1], num_warps = 1, num_stages = 1, shared = 0>] {host = @h}

// -----

wrap.kernel @k : () -> () entry "k" configs [#wrap.config<"c", block = [1], num_warps = 1, num_stages = 1, shared = 0>] {ptx = ""}
func.func @f(%g: index) {
  // expected-error @+1 {{grid must have 1 to 3 dimensions, got 4}}
  wrap.launch @k grid(%g, %g, %g, %g) args()
  return
}

// -----

func.func @f(%g: index) {
  // expected-error @+1 {{'nope' does not name a wrap.kernel}}
  wrap.launch @nope grid(%g) args()
  return
}

// -----

wrap.kernel @k : (index) -> () entry "k" configs [#wrap.config<"c", block = [1], num_warps = 1, num_stages = 1, shared = 0>] {ptx = ""}
func.func @f(%g: index) {
  // expected-error @+1 {{kernel 'k' takes 1 arguments, launch passes 0}}
  wrap.launch @k grid(%g) args()
  return
}

// -----

wrap.kernel @k : (!wrap.tensor<4xf32>) -> () entry "k" configs [#wrap.config<"c", block = [1], num_warps = 1, num_stages = 1, shared = 0>] {ptx = ""}
func.func @f(%g: index, %x: !wrap.tensor<8xf32>) {
  // expected-error @+1 {{argument #0 has type '!wrap.tensor<8xf32>' but kernel 'k' expects '!wrap.tensor<4xf32>'}}
  wrap.launch @k grid(%g) args(%x) : !wrap.tensor<8xf32>
  return
}

// -----

func.func @f(%n: index) {
  // expected-error @+1 {{type '!wrap.tensor<4x4xf32>' has 0 dynamic dimensions but 1 sizes are given}}
  %a = wrap.alloc(%n) : !wrap.tensor<4x4xf32>
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{expects 2 strides (one per dimension of the result), got 1}}
  %a = wrap.empty_strided [4, 4] [1] : !wrap.tensor<4x4xf32>
  return
}


// -----

func.func @f() {
  // expected-error @+1 {{strides #0 must be non-negative, got -1}}
  %a = wrap.empty_strided [4] [-1] : !wrap.tensor<4xf32>
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{device_index 1 given for a host tensor}}
  %a = wrap.empty_strided [4] [1] {device_index = 1} : !wrap.tensor<4xf32>
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{device_index -1 is not a device number}}
  %a = wrap.alloc() {device_index = -1} : !wrap.tensor<4xf32, cuda>
  return
}

// -----

// The runtime's header holds a device number in 32 bits.
func.func @f() {
  // expected-error @+1 {{device_index 4294967296 is not a device number}}
  %a = wrap.empty_strided [4] [1] {device_index = 4294967296} : !wrap.tensor<4xf32, cuda>
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{sizes #1 is 8 but the result type has dimension 4}}
  %a = wrap.empty_strided [4, 8] [4, 1] : !wrap.tensor<4x4xf32>
  return
}
// -----

func.func @f(%x: !wrap.tensor<4xf32>) {
  // expected-error @+1 {{cannot reuse a buffer across devices}}
  %r = wrap.reuse %x : !wrap.tensor<4xf32> -> !wrap.tensor<4xf32, cuda>
  return
}

// -----

func.func @f(%x: !wrap.tensor<4xf32>) {
  // expected-error @+1 {{result needs 32 bytes but the reused buffer has 16}}
  %r = wrap.reuse %x : !wrap.tensor<4xf32> -> !wrap.tensor<8xf32>
  return
}

// -----

func.func @f(%x: !wrap.tensor<4x4xf32>) {
  // expected-error @+1 {{expects 2 sizes (one per dimension of the result), got 1}}
  wrap.assert_size_stride %x [4] [4, 1] : !wrap.tensor<4x4xf32>
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{device index must be in [0, 2^31), got -1}}
  wrap.device_guard -1 {
  }
  return
}

// -----

// Found by wrapc-dev fuzz: the lowering passes the ordinal as a C int.
func.func @f() {
  // expected-error @+1 {{device index must be in [0, 2^31), got 4611686018427387904}}
  wrap.device_guard 4611686018427387904 {
  }
  return
}

// -----

//===--- constraints declared in ODS ---===//

func.func private @g(!wrap.tensor<4xf32>) -> ()
// expected-error @+1 {{attribute 'inputs' failed to satisfy constraint: array of per-input metadata}}
wrap.runtime_wrapper @f : (!wrap.tensor<4xf32>) -> () calls @g inputs [#wrap.output<non_alias>] outputs []

// -----

func.func private @g() -> !wrap.tensor<4xf32>
// expected-error @+1 {{attribute 'outputs' failed to satisfy constraint: array of per-output metadata}}
wrap.runtime_wrapper @f : () -> !wrap.tensor<4xf32> calls @g inputs [] outputs [#wrap.input<>]

// -----

// expected-error @+1 {{attribute 'configs' failed to satisfy constraint: array of kernel configs}}
wrap.kernel @k : () -> () entry "k" configs [#wrap.input<>] {ptx = ""}

// -----

func.func @f(%x: !wrap.tensor<4xf32>) {
  // expected-error @+1 {{attribute 'info' failed to satisfy constraint: per-input mutation metadata}}
  wrap.apply_mutation %x, %x {info = #wrap.output<non_alias>} : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
  return
}

// -----

func.func @f(%x: !wrap.tensor<4xf32>) {
  // expected-error @+1 {{attribute 'info' failed to satisfy constraint: per-output alias metadata}}
  %r = wrap.replay_alias %x {info = #wrap.input<>} : !wrap.tensor<4xf32> -> !wrap.tensor<4xf32>
  return
}

// -----

func.func @f(%x: !wrap.tensor<4xf32>) {
  // expected-error @+1 {{'wrap.detach' op requires the same type for all operands and results}}
  %d = "wrap.detach"(%x) : (!wrap.tensor<4xf32>) -> !wrap.tensor<8xf32>
  return
}

// -----

func.func @f(%x: !wrap.tensor<4xf32>, %b: !wrap.tensor<8xf32>) {
  // expected-error @+1 {{'wrap.patch_requires_grad' op failed to verify that all of {tensor, result} have same type}}
  %p = "wrap.patch_requires_grad"(%x, %b) <{requires_grad = true}> : (!wrap.tensor<4xf32>, !wrap.tensor<8xf32>) -> !wrap.tensor<8xf32>
  return
}

// -----

func.func @f(%x: i32) {
  // expected-error @+1 {{'wrap.grad_mode.set' op operand #0 must be 1-bit signless integer, but got 'i32'}}
  "wrap.grad_mode.set"(%x) : (i32) -> ()
  return
}

// -----

func.func @f(%x: !wrap.tensor<4xf32>) {
  // expected-error @+1 {{'wrap.subclass.check_type' op operand #0 must be tensor subclass value, but got '!wrap.tensor<4xf32>'}}
  "wrap.subclass.check_type"(%x) : (!wrap.tensor<4xf32>) -> ()
  return
}

// -----

func.func private @g(f32) -> ()
func.func @f(%x: f32) {
  // expected-error @+1 {{'wrap.call_compiled' op operand #0 must be variadic of runtime tensor handle or tensor subclass value or index or signless integer, but got 'f32'}}
  wrap.call_compiled @g(%x) : (f32) -> ()
  return
}

// -----

wrap.kernel @k : () -> () entry "k" configs [#wrap.config<"c", block = [1], num_warps = 1, num_stages = 1, shared = 0>] {ptx = ""}
func.func @f(%g: index) {
  // expected-error @+1 {{takes either grid(...) or numel(...), not both}}
  wrap.launch @k grid(%g) numel(%g) args()
  return
}

// -----

wrap.kernel @k : () -> () entry "k" configs [#wrap.config<"c", block = [1, 1, 1], num_warps = 1, num_stages = 1, shared = 0>] {ptx = ""}
func.func @f(%g: index) {
  // expected-error @+1 {{numel must have 1 to 3 dimensions, got 4}}
  wrap.launch @k numel(%g, %g, %g, %g) args()
  return
}

// -----

wrap.kernel @k : () -> () entry "k" configs [#wrap.config<"XBLOCK", block = [128], num_warps = 4, num_stages = 1, shared = 0>] {ptx = ""}
func.func @f(%g: index) {
  // expected-error @+1 {{numel has 2 dimensions but config 'XBLOCK' of kernel 'k' has a 1-D block}}
  wrap.launch @k numel(%g, %g) args()
  return
}

// -----

func.func @f(%g: index) {
  // expected-error @+1 {{grid must have 1 to 3 dimensions, got 0}}
  "wrap.lazy_launch"() {slot = @s, descriptor = @d, operandSegmentSizes = array<i32: 0, 0, 0>} : () -> ()
  return
}

// -----

func.func @f(%g: index) {
  // expected-error @+1 {{needs a tensor argument: its device selects the slot entry}}
  wrap.lazy_launch @s, @d grid(%g) args(%g) : index
  return
}

// -----

func.func @f(%x: !wrap.tensor<4xf32, cuda>, %g: index) {
  // expected-error @+1 {{slot 's' does not name an llvm.mlir.global}}
  wrap.lazy_launch @s, @d grid(%g) args(%x) : !wrap.tensor<4xf32, cuda>
  return
}

// -----

llvm.mlir.global internal @s(dense<0> : tensor<448xi8>) {addr_space = 0 : i32} : !llvm.array<448 x i8>
func.func @f(%x: !wrap.tensor<4xf32, cuda>, %g: index) {
  // expected-error @+1 {{slot 's' must be a mutable !llvm.array of at least 512 x i8, got '!llvm.array<448 x i8>'}}
  wrap.lazy_launch @s, @d grid(%g) args(%x) : !wrap.tensor<4xf32, cuda>
  return
}

// -----

llvm.mlir.global internal constant @s(dense<0> : tensor<512xi8>) {addr_space = 0 : i32} : !llvm.array<512 x i8>
func.func @f(%x: !wrap.tensor<4xf32, cuda>, %g: index) {
  // expected-error @+1 {{slot 's' must be a mutable !llvm.array of at least 512 x i8}}
  wrap.lazy_launch @s, @d grid(%g) args(%x) : !wrap.tensor<4xf32, cuda>
  return
}

// -----

llvm.mlir.global internal @s(dense<0> : tensor<512xi8>) {addr_space = 0 : i32} : !llvm.array<512 x i8>
llvm.mlir.global internal constant @d(dense<0> : tensor<5xi64>) {addr_space = 0 : i32} : !llvm.array<5 x i64>
func.func @f(%x: !wrap.tensor<4xf32, cuda>, %g: index) {
  // expected-error @+1 {{descriptor 'd' must be '!llvm.struct<(ptr, i64, ptr, ptr, i64)>', got '!llvm.array<5 x i64>'}}
  wrap.lazy_launch @s, @d grid(%g) args(%x) : !wrap.tensor<4xf32, cuda>
  return
}

// -----

// Subclass instances on a runtime wrapper: data mutations only, and not of
// one that requires grad.
func.func private @g(!wrap.subclass<"TwoTensor", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]>) -> (!wrap.subclass<"TwoTensor", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]>, !wrap.subclass<"TwoTensor", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]>)
// expected-error @+1 {{argument #0 is a subclass instance: only data mutations of it are modelled}}
wrap.runtime_wrapper @mutated_requires_grad : (!wrap.subclass<"TwoTensor", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]>) -> !wrap.subclass<"TwoTensor", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]> calls @g
    inputs [#wrap.input<mutates_data, requires_grad>] outputs [#wrap.output<non_alias>]

// -----

// Subclass instances on a runtime wrapper: data mutations only.
func.func private @g(!wrap.subclass<"TwoTensor", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]>) -> !wrap.subclass<"TwoTensor", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]>
// expected-error @+1 {{argument #0 is a subclass instance: only data mutations of it are modelled}}
wrap.runtime_wrapper @meta : (!wrap.subclass<"TwoTensor", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]>) -> !wrap.subclass<"TwoTensor", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]> calls @g
    inputs [#wrap.input<mutates_metadata>] outputs [#wrap.output<non_alias>]

// -----

func.func private @g(!wrap.subclass<"TwoTensor", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]>) -> (!wrap.subclass<"TwoTensor", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]>, !wrap.tensor<4xf32>)
// expected-error @+1 {{result #0 is a subclass instance: it must be 'non_alias', 'is_input' or 'alias_of_input', with no view}}
wrap.runtime_wrapper @alias : (!wrap.subclass<"TwoTensor", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]>) -> !wrap.subclass<"TwoTensor", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]> calls @g
    inputs [#wrap.input<>] outputs [#wrap.output<alias_of_intermediate, base = 0>] {num_intermediate_bases = 1}

// -----

// An alias of a subclass instance is of a subclass input.
func.func private @g(!wrap.tensor<4xf32>) -> !wrap.subclass<"TwoTensor", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]>
// expected-error @+1 {{result #0 is a subclass instance aliasing an input that is not one}}
wrap.runtime_wrapper @alias_of_plain : (!wrap.tensor<4xf32>) -> !wrap.subclass<"TwoTensor", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]> calls @g
    inputs [#wrap.input<>] outputs [#wrap.output<alias_of_input, base = 0>]

// -----

func.func private @g(!wrap.subclass<"TwoTensor", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]>) -> (!wrap.subclass<"Other", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]>, !wrap.subclass<"TwoTensor", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]>)
// expected-error @+1 {{callee result #0 must be the new value of input #0}}
wrap.runtime_wrapper @update : (!wrap.subclass<"TwoTensor", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]>) -> !wrap.subclass<"TwoTensor", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]> calls @g
    inputs [#wrap.input<mutates_data>] outputs [#wrap.output<non_alias>]

// -----

func.func @copy(%a: !wrap.subclass<"TwoTensor", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]>) {
  // expected-error @+1 {{a copy autograd records ('autograd') must be between tensors, not subclass instances}}
  wrap.copy_inplace %a, %a {autograd} : !wrap.subclass<"TwoTensor", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]>, !wrap.subclass<"TwoTensor", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]>
  return
}

// -----

func.func @copy(%a: !wrap.subclass<"TwoTensor", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]>) {
  // expected-error @+1 {{a copy into a leaf ('leaf') must be between tensors, not subclass instances}}
  wrap.copy_inplace %a, %a {leaf} : !wrap.subclass<"TwoTensor", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]>, !wrap.subclass<"TwoTensor", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]>
  return
}

// -----

func.func @copy(%a: !wrap.subclass<"TwoTensor", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]>) {
  // expected-error @+1 {{a copy after as_strided_ ('restrided') must be between tensors, not subclass instances}}
  wrap.copy_inplace %a, %a {restrided} : !wrap.subclass<"TwoTensor", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]>, !wrap.subclass<"TwoTensor", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]>
  return
}

// -----

func.func @copy(%a: !wrap.tensor<4xf32>, %b: !wrap.tensor<4xf32>) {
  // expected-error @+1 {{a copy into a leaf ('leaf') decides at run time what autograd records; it takes no 'autograd'}}
  wrap.copy_inplace %a, %b {autograd, leaf} : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
  return
}

// -----

func.func @copy(%a: !wrap.subclass<"TwoTensor", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]>, %b: !wrap.subclass<"Other", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]>) {
  // expected-error @+1 {{copies between subclass instances need one subclass type}}
  wrap.copy_inplace %a, %b : !wrap.subclass<"TwoTensor", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]>, !wrap.subclass<"Other", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]>
  return
}

// -----

func.func private @graph(!wrap.tensor<4xf32>) -> !wrap.tensor<4xf32>
wrap.runtime_wrapper @inner : (!wrap.tensor<4xf32>) -> !wrap.tensor<4xf32> calls @graph
    inputs [#wrap.input<>] outputs [#wrap.output<non_alias>]
// expected-error @+1 {{callee 'inner' does not name a func.func or a wrap.subclass_wrapper}}
wrap.runtime_wrapper @nested : (!wrap.tensor<4xf32>) -> !wrap.tensor<4xf32> calls @inner
    inputs [#wrap.input<>] outputs [#wrap.output<non_alias>]

// -----

func.func private @g(!wrap.tensor<4xf32>) -> (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>)
// expected-error @+1 {{values saved for backward need 'trace_joint'}}
wrap.runtime_wrapper @f : (!wrap.tensor<4xf32>) -> !wrap.tensor<4xf32> calls @g
    inputs [#wrap.input<>] outputs [#wrap.output<non_alias>] {num_saved_tensors = 1}

// -----

func.func private @g(!wrap.tensor<4xf32>) -> (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>)
// expected-error @+1 {{callee result #1 is a symbolic int saved for backward and must be an index or integer}}
wrap.runtime_wrapper @f : (!wrap.tensor<4xf32>) -> !wrap.tensor<4xf32> calls @g
    inputs [#wrap.input<>] outputs [#wrap.output<non_alias>] {trace_joint, num_saved_symints = 1}

// -----

func.func private @g(!wrap.tensor<4xf32>) -> (!wrap.tensor<4xf32>, index)
// expected-error @+1 {{callee result #1 is a tensor saved for backward and must be a tensor}}
wrap.runtime_wrapper @f : (!wrap.tensor<4xf32>) -> !wrap.tensor<4xf32> calls @g
    inputs [#wrap.input<>] outputs [#wrap.output<non_alias>] {trace_joint, num_saved_tensors = 1}

// -----

func.func private @g(!wrap.tensor<4xf32>) -> !wrap.tensor<4xf32>
// expected-error @+1 {{returns 1 values but 3 are expected (0 mutated inputs + 1 outputs + 0 intermediate bases + 1 saved tensors + 1 saved symints)}}
wrap.runtime_wrapper @f : (!wrap.tensor<4xf32>) -> !wrap.tensor<4xf32> calls @g
    inputs [#wrap.input<>] outputs [#wrap.output<non_alias>] {trace_joint, num_saved_tensors = 1, num_saved_symints = 1}

