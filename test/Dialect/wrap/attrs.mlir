// #wrap.input (every flag), #wrap.output (all eight output types, views with ? entries, dtype, dynamic dims) and #wrap.config round-trip.
// RUN: wrapc-opt %s | wrapc-opt | FileCheck %s

// CHECK: func.func private @inputs() attributes {all = #wrap.input<mutates_data, mutates_metadata, mutates_storage_metadata, mutations_hidden_from_autograd, mutations_under_no_grad_or_inference_mode, mutation_inductor_storage_resize, requires_grad, is_leaf, keep_input_mutations>, none = #wrap.input<>, unordered = #wrap.input<mutates_data, is_leaf>}
// CHECK-NEXT: func.func private @outputs() attributes {o0 = #wrap.output<non_alias>, o1 = #wrap.output<alias_of_input, base = 1, requires_grad, view = <[4, ?], [1, 4], ?>, dtype = i32, dynamic_dims = [1]>, o2 = #wrap.output<is_input, base = 0>, o3 = #wrap.output<alias_of_intermediate, base = 0, view = <[?], [?], ?>>, o4 = #wrap.output<alias_of_intermediate_save_as_output, base = 2>, o5 = #wrap.output<alias_of_intermediate_base_is_user_output, base = 0, view = <[2], [1], 3>>, o6 = #wrap.output<unsafe_view_alias, base = 0>, o7 = #wrap.output<custom_function_view, dynamic_dims = [0]>}
// CHECK-NEXT: func.func private @configs() attributes {c0 = #wrap.config<"XBLOCK_1024", block = [1024], num_warps = 4, num_stages = 1, shared = 0>, c1 = #wrap.config<"tile", block = [64, 32, 2], num_warps = 8, num_stages = 3, shared = 65536>}
// CHECK-NEXT: }

func.func private @inputs() attributes {
  none = #wrap.input<>,
  all = #wrap.input<mutates_data, mutates_metadata, mutates_storage_metadata, mutations_hidden_from_autograd, mutations_under_no_grad_or_inference_mode, mutation_inductor_storage_resize, requires_grad, is_leaf, keep_input_mutations>,
  unordered = #wrap.input<is_leaf, mutates_data>
}
func.func private @outputs() attributes {
  o0 = #wrap.output<non_alias>,
  o1 = #wrap.output<alias_of_input, base = 1, requires_grad, view = <[4, ?], [1, 4], ?>, dtype = i32, dynamic_dims = [1]>,
  o2 = #wrap.output<is_input, base = 0>,
  o3 = #wrap.output<alias_of_intermediate, base = 0, view = <[?], [?], ?>>,
  o4 = #wrap.output<alias_of_intermediate_save_as_output, base = 2>,
  o5 = #wrap.output<alias_of_intermediate_base_is_user_output, base = 0, view = <[2], [1], 3>>,
  o6 = #wrap.output<unsafe_view_alias, base = 0>,
  o7 = #wrap.output<custom_function_view, dynamic_dims = [0]>
}
func.func private @configs() attributes {
  c0 = #wrap.config<"XBLOCK_1024", block = [1024], num_warps = 4, num_stages = 1, shared = 0>,
  c1 = #wrap.config<"tile", block = [64, 32, 2], num_warps = 8, num_stages = 3, shared = 65536>
}
