// The running example of wrapc's demo: what AOTAutograd + Inductor produce
// for
//
//   def user_fn(s: TwoTensor, z):      # s = TwoTensor(a, b)
//       s.a.copy_(s.b)                 # data mutation of an input
//       z.t_()                         # metadata-only mutation of an input
//       return TwoTensor(s.a.view(-1), s.b.clone()), z
//
// Level 1: the subclass wrapper @user_fn flattens TwoTensor and calls the
// runtime wrapper @f, which calls the compiled graph @f_graph (level 3).

// ---- Level 3: the compiled graph (Inductor's wrapper program). It returns
// the new value of every input mutated outside the graph, then the user
// outputs.
func.func private @f_graph(%a: !wrap.tensor<4xf32>, %b: !wrap.tensor<4xf32>, %z: !wrap.tensor<?x?xf32>)
    -> (!wrap.tensor<4xf32>, !wrap.tensor<?x?xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<?x?xf32>) {
  // a.copy_(b), functionalized: a fresh buffer holding b.
  %new_a = wrap.alloc() : !wrap.tensor<4xf32>
  wrap.copy_inplace %new_a, %b : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
  // z.t_(), functionalized: z's storage seen transposed (z is 2x3 here).
  %new_z = wrap.reinterpret %z [3, 2] [1, 3] 0 : !wrap.tensor<?x?xf32> -> !wrap.tensor<?x?xf32>
  // a.view(-1): the graph's copy of the alias; the wrapper regenerates it.
  %view = wrap.reinterpret %new_a [4] [1] 0 : !wrap.tensor<4xf32> -> !wrap.tensor<4xf32>
  // b.clone()
  %clone = wrap.alloc() : !wrap.tensor<4xf32>
  wrap.copy_inplace %clone, %b : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
  wrap.assert_size_stride %clone [4] [1] : !wrap.tensor<4xf32>
  return %new_a, %new_z, %view, %clone, %new_z
      : !wrap.tensor<4xf32>, !wrap.tensor<?x?xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<?x?xf32>
}

// ---- Level 1: PyTorch's RuntimeWrapper metadata.
wrap.runtime_wrapper @f : (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<?x?xf32>)
    -> (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<?x?xf32>)
    calls @f_graph
    inputs [#wrap.input<mutates_data>, #wrap.input<>, #wrap.input<mutates_metadata>]
    outputs [#wrap.output<alias_of_input, base = 0, view = <[4], [1], 0>>,
             #wrap.output<non_alias>,
             #wrap.output<is_input, base = 2, dynamic_dims = [0, 1]>]

// ---- Level 1: the subclass wrapper (AOTDispatchSubclassWrapper).
wrap.subclass_wrapper @user_fn
    : (!wrap.subclass<"TwoTensor", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]>, !wrap.tensor<?x?xf32>)
    -> (!wrap.subclass<"TwoTensor", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]>, !wrap.tensor<?x?xf32>)
    calls @f

// ---- Level 3: a kernel with two autotune configs, a PTX payload for the GPU
// and a host payload for the CPU backend, and its launch, as Inductor's
// wrapper program runs it.
func.func @add_kernel_host(%x: !llvm.ptr, %y: !llvm.ptr, %out: !llvm.ptr, %n: index,
                           %px: index, %py: index, %pz: index) {
  // Program px handles elements [px * 256, min((px + 1) * 256, n)).
  %block = arith.constant 256 : index
  %c1 = arith.constant 1 : index
  %start = arith.muli %px, %block : index
  %stop = arith.addi %start, %block : index
  %end = arith.minui %stop, %n : index
  scf.for %i = %start to %end step %c1 {
    %k = arith.index_cast %i : index to i64
    %xp = llvm.getelementptr %x[%k] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %yp = llvm.getelementptr %y[%k] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %op = llvm.getelementptr %out[%k] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %a = llvm.load %xp : !llvm.ptr -> f32
    %b = llvm.load %yp : !llvm.ptr -> f32
    %sum = arith.addf %a, %b : f32
    llvm.store %sum, %op : f32, !llvm.ptr
  }
  return
}

wrap.kernel @add_kernel : (!wrap.tensor<?xf32>, !wrap.tensor<?xf32>, !wrap.tensor<?xf32>, index) -> ()
    entry "triton_poi_fused_add_0"
    configs [#wrap.config<"XBLOCK_256", block = [256], num_warps = 4, num_stages = 1, shared = 0>,
             #wrap.config<"XBLOCK_1024", block = [1024], num_warps = 8, num_stages = 1, shared = 0>]
    {ptx_file = "triton_poi_fused_add_0.ptx", host = @add_kernel_host}

func.func @add_program(%x: !wrap.tensor<?xf32>, %y: !wrap.tensor<?xf32>, %n: index)
    -> !wrap.tensor<?xf32> {
  // The kernel indexes elements [0, n) of x and y: as Inductor's wrapper
  // does, check the inputs are that large before launching (a launch
  // trusts its payload's indexing).
  wrap.assert_size_stride %x [%n] [1] : !wrap.tensor<?xf32>
  wrap.assert_size_stride %y [%n] [1] : !wrap.tensor<?xf32>
  %out = wrap.empty_strided [%n] [1] : !wrap.tensor<?xf32>
  // grid = ceil(n / XBLOCK)
  %block = arith.constant 256 : index
  %grid = arith.ceildivui %n, %block : index
  wrap.device_guard 0 {
    wrap.launch @add_kernel grid(%grid) args(%x, %y, %out, %n)
        : !wrap.tensor<?xf32>, !wrap.tensor<?xf32>, !wrap.tensor<?xf32>, index
  }
  wrap.assert_finite %out, "buf0" : !wrap.tensor<?xf32>
  return %out : !wrap.tensor<?xf32>
}
