// A symbolic-int argument cannot be mutated in any way: a storage resize
// alone (mutation_inductor_storage_resize) counts as a mutation too, in or
// out of the graph.
// RUN: wrapc-opt %s -split-input-file -verify-diagnostics

func.func private @g(index) -> ()
// expected-error @+1 {{argument #0 of type 'index' is a symbolic int; it cannot be mutated or require grad}}
wrap.runtime_wrapper @f : (index) -> () calls @g inputs [#wrap.input<mutation_inductor_storage_resize>] outputs []

// -----

func.func private @g(index) -> ()
// expected-error @+1 {{argument #0 of type 'index' is a symbolic int; it cannot be mutated or require grad}}
wrap.runtime_wrapper @f : (index) -> () calls @g inputs [#wrap.input<mutation_inductor_storage_resize, keep_input_mutations>] outputs []
