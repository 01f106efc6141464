// #wrap.input (each flag, all flags, none, any order), #wrap.output (all
// eight output types; base, requires_grad, view with `?` entries, dtype,
// dynamic_dims; fields in any order) and #wrap.config.
// RUN: wrapc-opt %s | wrapc-opt | FileCheck %s

// Flags print in declaration order, whatever order they were written in.
// CHECK:      func.func private @inputs() attributes {
// CHECK-SAME:   all = #wrap.input<mutates_data, mutates_metadata, mutates_storage_metadata, mutations_hidden_from_autograd, mutations_under_no_grad_or_inference_mode, mutation_inductor_storage_resize, requires_grad, is_leaf, keep_input_mutations>,
// CHECK-SAME:   i0 = #wrap.input<mutates_data>,
// CHECK-SAME:   i1 = #wrap.input<mutates_metadata>,
// CHECK-SAME:   i2 = #wrap.input<mutates_metadata, mutates_storage_metadata>,
// CHECK-SAME:   i3 = #wrap.input<mutations_hidden_from_autograd>,
// CHECK-SAME:   i4 = #wrap.input<mutates_data, mutations_under_no_grad_or_inference_mode>,
// CHECK-SAME:   i5 = #wrap.input<mutation_inductor_storage_resize>,
// CHECK-SAME:   i6 = #wrap.input<requires_grad>,
// CHECK-SAME:   i7 = #wrap.input<is_leaf>,
// CHECK-SAME:   i8 = #wrap.input<keep_input_mutations>,
// CHECK-SAME:   none = #wrap.input<>,
// CHECK-SAME:   unordered = #wrap.input<mutates_data, requires_grad, is_leaf, keep_input_mutations>}
func.func private @inputs() attributes {
  none = #wrap.input<>,
  all = #wrap.input<keep_input_mutations, is_leaf, requires_grad, mutation_inductor_storage_resize,
                    mutations_under_no_grad_or_inference_mode, mutations_hidden_from_autograd,
                    mutates_storage_metadata, mutates_metadata, mutates_data>,
  i0 = #wrap.input<mutates_data>,
  i1 = #wrap.input<mutates_metadata>,
  i2 = #wrap.input<mutates_storage_metadata, mutates_metadata>,
  i3 = #wrap.input<mutations_hidden_from_autograd>,
  i4 = #wrap.input<mutations_under_no_grad_or_inference_mode, mutates_data>,
  i5 = #wrap.input<mutation_inductor_storage_resize>,
  i6 = #wrap.input<requires_grad>,
  i7 = #wrap.input<is_leaf>,
  i8 = #wrap.input<keep_input_mutations>,
  unordered = #wrap.input<keep_input_mutations, is_leaf, mutates_data, requires_grad>
}

// The eight output types; fields print as base, requires_grad, view, dtype,
// dynamic_dims; `base = -1` means "no base" and is not printed.
// CHECK-NEXT: func.func private @outputs() attributes {
// CHECK-SAME:   o0 = #wrap.output<non_alias>,
// CHECK-SAME:   o1 = #wrap.output<alias_of_input, base = 1, requires_grad, view = <[4, ?], [1, 4], ?>, dtype = i32, dynamic_dims = [1]>,
// CHECK-SAME:   o2 = #wrap.output<is_input, base = 0>,
// CHECK-SAME:   o3 = #wrap.output<alias_of_intermediate, base = 0, view = <[?], [?], ?>>,
// CHECK-SAME:   o4 = #wrap.output<alias_of_intermediate_save_as_output, base = 2>,
// CHECK-SAME:   o5 = #wrap.output<alias_of_intermediate_base_is_user_output, base = 0, view = <[2], [1], 3>>,
// CHECK-SAME:   o6 = #wrap.output<unsafe_view_alias, base = 0>,
// CHECK-SAME:   o7 = #wrap.output<custom_function_view, dynamic_dims = [0]>,
// CHECK-SAME:   o8 = #wrap.output<alias_of_input, base = 0, view = <[], [], 0>>,
// CHECK-SAME:   o9 = #wrap.output<alias_of_intermediate, base = 3, requires_grad, view = <[2, 3], [?, 1], 5>, dtype = bf16, dynamic_dims = [2, 0]>,
// CHECK-SAME:   oa = #wrap.output<unsafe_view_alias>,
// CHECK-SAME:   ob = #wrap.output<non_alias, requires_grad>,
// CHECK-SAME:   oc = #wrap.output<is_input, base = 7, requires_grad, dynamic_dims = [0, 1]>}
func.func private @outputs() attributes {
  o0 = #wrap.output<non_alias>,
  o1 = #wrap.output<alias_of_input, base = 1, requires_grad, view = <[4, ?], [1, 4], ?>, dtype = i32, dynamic_dims = [1]>,
  o2 = #wrap.output<is_input, base = 0>,
  o3 = #wrap.output<alias_of_intermediate, base = 0, view = <[?], [?], ?>>,
  o4 = #wrap.output<alias_of_intermediate_save_as_output, base = 2>,
  o5 = #wrap.output<alias_of_intermediate_base_is_user_output, base = 0, view = <[2], [1], 3>>,
  o6 = #wrap.output<unsafe_view_alias, base = 0>,
  o7 = #wrap.output<custom_function_view, dynamic_dims = [0]>,
  o8 = #wrap.output<alias_of_input, base = 0, view = <[], [], 0>>,
  o9 = #wrap.output<alias_of_intermediate, dynamic_dims = [2, 0], dtype = bf16, view = <[2, 3], [?, 1], 5>, requires_grad, base = 3>,
  oa = #wrap.output<unsafe_view_alias, base = -1>,
  ob = #wrap.output<non_alias, requires_grad>,
  oc = #wrap.output<is_input, requires_grad, base = 7, dynamic_dims = [0, 1]>
}

// Configs: 1 to 3 block sizes, the bounds of num_warps and shared memory.
// CHECK-NEXT: func.func private @configs() attributes {
// CHECK-SAME:   c0 = #wrap.config<"XBLOCK_1024", block = [1024], num_warps = 4, num_stages = 1, shared = 0>,
// CHECK-SAME:   c1 = #wrap.config<"tile", block = [64, 32, 2], num_warps = 8, num_stages = 3, shared = 65536>,
// CHECK-SAME:   c2 = #wrap.config<"YX", block = [16, 16], num_warps = 1, num_stages = 1, shared = 232448>,
// CHECK-SAME:   c3 = #wrap.config<"max warps", block = [1], num_warps = 32, num_stages = 7, shared = 49152>}
func.func private @configs() attributes {
  c0 = #wrap.config<"XBLOCK_1024", block = [1024], num_warps = 4, num_stages = 1, shared = 0>,
  c1 = #wrap.config<"tile", block = [64, 32, 2], num_warps = 8, num_stages = 3, shared = 65536>,
  c2 = #wrap.config<"YX", block = [16, 16], num_warps = 1, num_stages = 1, shared = 232448>,
  c3 = #wrap.config<"max warps", block = [1], num_warps = 32, num_stages = 7, shared = 49152>
}
