// Verifier rules of wrap.extern_call's spec and of library kernels
// (LaunchOps.cpp).
// RUN: wrapc-opt %s -split-input-file -verify-diagnostics

func.func @f(%x: !wrap.tensor<4xf32>) {
  // expected-error @+1 {{operator 'mm' is not a qualified name like 'aten::mm.out'}}
  wrap.extern_call "mm" "t0" (%x) : (!wrap.tensor<4xf32>) -> ()
  return
}

// -----

func.func @f(%x: !wrap.tensor<4xf32>) {
  // expected-error @+1 {{spec entry 'x0' is not t<i>, s<i>, n or c:<json>}}
  wrap.extern_call "aten::abs" "x0" (%x) : (!wrap.tensor<4xf32>) -> ()
  return
}

// -----

func.func @f(%x: !wrap.tensor<4xf32>) {
  // expected-error @+1 {{spec entry 't1' names operand #1 of 1}}
  wrap.extern_call "aten::abs" "t1" (%x) : (!wrap.tensor<4xf32>) -> ()
  return
}

// -----

func.func @f(%x: !wrap.tensor<4xf32>, %n: index) {
  // expected-error @+1 {{spec entry 't1' names operand #1 of type 'index'}}
  wrap.extern_call "aten::add" "t0;t1" (%x, %n) : (!wrap.tensor<4xf32>, index) -> ()
  return
}

// -----

func.func @f(%x: !wrap.tensor<4xf32>) {
  // expected-error @+1 {{operand #0 appears 2 times in the spec; each appears once}}
  wrap.extern_call "aten::add" "t0;t0" (%x) : (!wrap.tensor<4xf32>) -> ()
  return
}

// -----

func.func @f(%x: !wrap.tensor<4xf32>) {
  // expected-error @+1 {{operand #0 appears 0 times in the spec; each appears once}}
  wrap.extern_call "aten::zeros" "c:[4]" (%x) : (!wrap.tensor<4xf32>) -> ()
  return
}

// -----

func.func @f(%x: !wrap.tensor<4xf32>) {
  // expected-error @+1 {{spec entry 'a-b=t0' has a malformed keyword}}
  wrap.extern_call "aten::abs" "a-b=t0" (%x) : (!wrap.tensor<4xf32>) -> ()
  return
}

// -----

// expected-error @+1 {{a 'library' kernel runs its own loops and takes no configs}}
wrap.kernel @k : (!wrap.tensor<4xf32>) -> () entry "kernel" configs [#wrap.config<"c", block = [1], num_warps = 1, num_stages = 1, shared = 0>] {library = "k.so"}

// -----

// expected-error @+1 {{a 'library' kernel has no other payload}}
wrap.kernel @k : (!wrap.tensor<4xf32>) -> () entry "kernel" configs [] {library = "k.so", ptx = "x"}

// -----

// expected-error @+1 {{library kernel argument #1 is a float; only tensors and integers are passed}}
wrap.kernel @k : (!wrap.tensor<4xf32>, f32) -> () entry "kernel" configs [] {library = "k.so"}

// -----

// expected-error @+1 {{needs a non-empty library path}}
wrap.kernel @k : (!wrap.tensor<4xf32>) -> () entry "kernel" configs [] {library = ""}

// -----

wrap.kernel @k : (!wrap.tensor<4xf32>) -> () entry "kernel" configs [] {library = "k.so"}
func.func @f(%x: !wrap.tensor<4xf32>, %n: index) {
  // expected-error @+1 {{library kernel 'k' runs its own loops: the launch takes no grid or numel}}
  wrap.launch @k grid(%n) args(%x) : !wrap.tensor<4xf32>
  return
}

// -----

wrap.kernel @k : (!wrap.tensor<4xf32>) -> () entry "k" configs [#wrap.config<"c", block = [1], num_warps = 1, num_stages = 1, shared = 0>] {ptx = "x"}
func.func @f(%x: !wrap.tensor<4xf32>) {
  // expected-error @+1 {{grid must have 1 to 3 dimensions, got 0}}
  wrap.launch @k args(%x) : !wrap.tensor<4xf32>
  return
}
