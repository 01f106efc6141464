// Inputs an outside test made to crash or escape wrapc (issue 11): each is
// a clear, located error with exit code 1.
// RUN: rm -rf %t && mkdir -p %t

// Nesting deeper than the parser's stack allows.
// RUN: python3 -c "print('func.func @f(%%x: !wrap.tensor<4xf32>) {' + 'wrap.device_guard 0 {' * 300 + '}' * 300 + ' return }')" > %t/guards.mlir
// RUN: not wrapc-opt %t/guards.mlir 2>&1 | FileCheck %s --check-prefix=CHECK-GUARDS
// CHECK-GUARDS: guards.mlir:1:{{[0-9]+}}: error: {{.*}}device guards nested more than 256 levels deep
// RUN: python3 -c "t='!wrap.tensor<4xf32>'; exec('for _ in range(300): t=chr(33)+\'wrap.subclass<\"T\", 4xf32, [a: \'+t+\']>\''); print('func.func private @g(%%x: '+t+')')" > %t/subclasses.mlir
// RUN: not wrapc-opt %t/subclasses.mlir 2>&1 | FileCheck %s --check-prefix=CHECK-SUBCLASSES
// CHECK-SUBCLASSES: subclasses.mlir:1:{{[0-9]+}}: error: subclasses nested more than 256 levels deep
// RUN: python3 -c "print('func.func @f(%%x: !wrap.tensor<4xf32>) {' + 'wrap.device_guard 0 {' * 5000 + '}' * 5000 + ' return }')" > %t/deep.mlir
// RUN: not wrapc-opt %t/deep.mlir 2>&1 | FileCheck %s --check-prefix=CHECK-NEST
// RUN: not wrapc compile %t/deep.mlir -o %t/g.so 2>&1 | FileCheck %s --check-prefix=CHECK-NEST
// RUN: python3 -c "print('func.func @f(%%c: i1) {' + 'scf.if %%c {' * 5000 + '}' * 5000 + ' return }')" > %t/ifs.mlir
// RUN: not wrapc compile %t/ifs.mlir -o %t/i.so 2>&1 | FileCheck %s --check-prefix=CHECK-NEST
// CHECK-NEST: {{.*}}.mlir:1:{{[0-9]+}}: error: brackets nest more than 1000 levels deep
// Standard input is checked as files are; checked input still reaches the driver.
// RUN: not wrapc-opt < %t/deep.mlir 2>&1 | FileCheck %s --check-prefix=CHECK-STDIN
// RUN: not wrapc-opt - --wrap-orchestrate < %t/ifs.mlir 2>&1 | FileCheck %s --check-prefix=CHECK-STDIN
// CHECK-STDIN: <stdin>:1:{{[0-9]+}}: error: brackets nest more than 1000 levels deep
// RUN: wrapc-opt < %S/../Transforms/wrap-orchestrate.mlir -split-input-file | FileCheck %s --check-prefix=CHECK-STDIN-OK
// CHECK-STDIN-OK: wrap.runtime_wrapper @inference

// MLIR 22's parser crashes on dense arrays of index (found by wrapc-dev fuzz).
// RUN: echo 'wrap.subclass_wrapper @f : (!wrap.subclass<"S", 4xf32, [a: !wrap.tensor<4xf32>]>) -> () calls @g {frozen = array<index: 0, 0>}' > %t/index-array.mlir
// RUN: not wrapc-opt %t/index-array.mlir 2>&1 | FileCheck %s --check-prefix=CHECK-INDEX
// RUN: not wrapc compile %t/index-array.mlir -o %t/x.so 2>&1 | FileCheck %s --check-prefix=CHECK-INDEX
// CHECK-INDEX: index-array.mlir:1:{{[0-9]+}}: error: dense arrays hold integers or floats, not index

// An upstream verifier that would crash is never reached.
// RUN: not wrapc compile %S/Inputs/hostile/addr_space.mlir -o %t/a.so 2>&1 | FileCheck %s --check-prefix=CHECK-ADDR
// CHECK-ADDR: addr_space.mlir:4:1: 'llvm.mlir.global' op has an attribute of the wrong kind where a defaulted property is expected

// RUN: not wrapc compile %S/Inputs/hostile/misordered.mlir -o %t/m.so 2>&1 | FileCheck %s --check-prefix=CHECK-MISORDERED
// CHECK-MISORDERED: misordered.mlir:{{[0-9]+}}:{{[0-9]+}}: null operand found

// MLIR's parser aborts out of memory on a huge result number (found by
// wrapc-dev fuzz).
// RUN: echo 'func.func @f(%%x: !wrap.tensor<4xf32>) { "wrap.bump_version"(%%r#2147483647) : (!wrap.tensor<4xf32>) -> () return }' > %t/result-number.mlir
// RUN: not wrapc compile %t/result-number.mlir -o %t/x.so 2>&1 | FileCheck %s --check-prefix=CHECK-RESULT
// RUN: not wrapc-opt %t/result-number.mlir 2>&1 | FileCheck %s --check-prefix=CHECK-RESULT
// CHECK-RESULT: result-number.mlir:1:{{[0-9]+}}: error: result number #2147483647 is larger than 1048576

// Names the C header cannot declare.
// RUN: not wrapc compile %S/Inputs/hostile/quoted_name.mlir -o %t/q.so 2>&1 | FileCheck %s --check-prefix=CHECK-QUOTED
// CHECK-QUOTED: wrapc: error: @f(void); int injected(void) { return 42; } int32_t g cannot be declared in the C header: not a C identifier
// RUN: not wrapc compile %S/Inputs/hostile/runtime_name.mlir -o %t/r.so 2>&1 | FileCheck %s --check-prefix=CHECK-RUNTIME
// CHECK-RUNTIME: @wrt_tensor_release cannot be declared in the C header: names starting with wrt_ belong to the runtime
// RUN: not test -e %t/q.h

// Payload files stay in the input's directory unless allowed.
// RUN: not wrapc-opt %S/Inputs/hostile/sub/escape.mlir --wrap-lower-lazy-launch 2>&1 | FileCheck %s --check-prefix=CHECK-ESCAPE
// CHECK-ESCAPE: escape.mlir:2:1: error: the payload of kernel 'k', '../secret.ptx', is outside {{.*}}sub, the input file's directory (pass --allow-file-dir to allow another directory)
// RUN: not wrapc-opt %S/Inputs/hostile/sub/absolute.mlir --wrap-lower-lazy-launch 2>&1 | FileCheck %s --check-prefix=CHECK-ABSOLUTE
// CHECK-ABSOLUTE: error: the payload of kernel 'k', '/etc/passwd', is outside
// RUN: wrapc-opt %S/Inputs/hostile/sub/escape.mlir --pass-pipeline='builtin.module(wrap-lower-lazy-launch{allow-file-dir=%S/Inputs/hostile})' | FileCheck %s --check-prefix=CHECK-ALLOWED
// CHECK-ALLOWED: llvm.mlir.global internal constant @__wrapc_image_k("payload outside the input directory
// RUN: not wrapc compile %S/Inputs/hostile/sub/escape.mlir --target=cuda -o %t/e.so 2>&1 | FileCheck %s --check-prefix=CHECK-ESCAPE
// RUN: wrapc compile %S/Inputs/hostile/sub/escape.mlir --target=cuda --allow-file-dir %S/Inputs/hostile -o %t/e.so --quiet
// RUN: test -e %t/e.so

// Outputs: never the input, never the library's own header; no object file
// left beside the library.
// RUN: cp %S/Inputs/hostile/identity.mlir %t/in.mlir
// RUN: not wrapc compile %t/in.mlir --emit=header -o %t/in.mlir 2>&1 | FileCheck %s --check-prefix=CHECK-INPUT
// CHECK-INPUT: in.mlir is the input file: refusing to overwrite it
// RUN: not wrapc compile %t/in.mlir --emit=so -o %t/y.h 2>&1 | FileCheck %s --check-prefix=CHECK-SELF
// CHECK-SELF: -o {{.*}}y.h would be overwritten by its own C header: name the shared object *.so
// RUN: echo keep > %t/libid.o
// RUN: wrapc compile %t/in.mlir -o %t/libid.so 2>&1 | FileCheck %s --check-prefix=CHECK-WROTE
// CHECK-WROTE: wrapc: wrote {{.*}}libid.h
// CHECK-WROTE: wrapc: wrote {{.*}}libid.so
// RUN: grep -q keep %t/libid.o
// RUN: not wrapc compile %t/in.mlir -o %t/missing-dir/libid.so 2>&1 | FileCheck %s --check-prefix=CHECK-NODIR
// CHECK-NODIR: missing-dir/libid.so
// RUN: env CC=/nonexistent/cc not wrapc compile %t/in.mlir -o %t/libcc.so 2>&1 | FileCheck %s --check-prefix=CHECK-CC
// CHECK-CC: running `/nonexistent/cc` (from CC)

// Destinations that cannot take the output fail fast (issue 14: with
// -o /dev/full the linker looped on its write error while wrapc buffered its
// output without bound). The library is linked in private and copied; the
// linker's output is bounded.
// RUN: not timeout 60 wrapc compile %t/in.mlir -o /dev/full 2>&1 | FileCheck %s --check-prefix=CHECK-DEVFULL
// CHECK-DEVFULL: wrapc: error: /dev/full is not a regular file: --emit=so writes the shared object there
// RUN: not timeout 60 wrapc compile %t/in.mlir --emit=obj -o /dev/full 2>&1 | FileCheck %s --check-prefix=CHECK-ENOSPC
// RUN: not timeout 60 wrapc compile %t/in.mlir --emit=llvm -o /dev/full 2>&1 | FileCheck %s --check-prefix=CHECK-ENOSPC
// CHECK-ENOSPC: wrapc: error: writing /dev/full: No space left on device
// RUN: printf '#!/bin/sh\nyes "ld: flood" >&2\n' > %t/flood-cc
// RUN: chmod +x %t/flood-cc
// RUN: env CC=%t/flood-cc not timeout 60 wrapc compile %t/in.mlir -o %t/flood.so 2>&1 | FileCheck %s --check-prefix=CHECK-FLOOD
// CHECK-FLOOD: wrapc: error: linking the shared object failed: `{{.*}}flood-cc` wrote more than 1 MiB to its standard error: stopped it. It began:
// CHECK-FLOOD-NEXT: ld: flood
// RUN: not test -e %t/flood.so
// RUN: not test -e %t/flood.h
// `-o -` is standard output for the text emits; the library and its header
// are files (no `-.h`), and an object is not sent there.
// RUN: cd %t && not wrapc compile in.mlir -o - 2>&1 | FileCheck %s --check-prefix=CHECK-STDOUT-SO
// CHECK-STDOUT-SO: wrapc: error: -o -: --emit=so writes a shared object and its C header, two files, not standard output
// RUN: not test -e %t/-.h
// RUN: not test -e %t/-
// RUN: cd %t && not wrapc compile in.mlir --emit=obj -o - 2>&1 | FileCheck %s --check-prefix=CHECK-STDOUT-OBJ
// CHECK-STDOUT-OBJ: wrapc: error: -o -: --emit=obj writes a binary object file, not standard output
// RUN: cd %t && wrapc compile in.mlir --emit=llvm -o - --quiet | FileCheck %s --check-prefix=CHECK-STDOUT-LLVM
// CHECK-STDOUT-LLVM: define {{.*}}@identity
// RUN: not test -e %t/-
// RUN: not wrapc compile %t/in.mlir --emit=mlir -o - --quiet > /dev/full 2> %t/stdout-full.txt
// RUN: FileCheck %s --check-prefix=CHECK-STDOUT-FULL < %t/stdout-full.txt
// CHECK-STDOUT-FULL: wrapc: error: writing to standard output: No space left on device

// --inputs: bounded reads and allocations, errors that name the argument.
// RUN: not wrapc run %t/in.mlir --entry identity --inputs %S/Inputs/hostile/overflow.json 2>&1 | FileCheck %s --check-prefix=CHECK-OVERFLOW
// CHECK-OVERFLOW: argument #0: tensor: sizes [4294967296, 4294967296]: not a shape of at most 67108864 elements
// RUN: not wrapc run %t/in.mlir --entry identity --inputs %S/Inputs/hostile/huge.json 2>&1 | FileCheck %s --check-prefix=CHECK-HUGE
// CHECK-HUGE: argument #0: tensor: sizes [1099511627776]: not a shape of at most
// RUN: head -c 300000000 /dev/zero > %t/big.json
// RUN: not wrapc run %t/in.mlir --entry identity --inputs %t/big.json 2>&1 | FileCheck %s --check-prefix=CHECK-BIG
// CHECK-BIG: big.json is larger than the 268435456 bytes an --inputs file may have
// RUN: not wrapc interpret %t/in.mlir --entry identity --inputs /dev/zero 2>&1 | FileCheck %s --check-prefix=CHECK-ENDLESS
// CHECK-ENDLESS: /dev/zero is larger than the 268435456 bytes an --inputs file may have

// The interpreter checks arguments as the compiled prologue does.
// RUN: not wrapc interpret %t/in.mlir --entry identity --inputs %S/Inputs/hostile/f64.json 2>&1 | FileCheck %s --check-prefix=CHECK-DTYPE
// RUN: not wrapc run %t/in.mlir --entry identity --inputs %S/Inputs/hostile/f64.json 2>&1 | FileCheck %s --check-prefix=CHECK-DTYPE
// CHECK-DTYPE: identity: argument #0: expected f32, got f64
// RUN: not wrapc interpret %t/in.mlir --entry identity --inputs %S/Inputs/hostile/shape.json 2>&1 | FileCheck %s --check-prefix=CHECK-SHAPE
// RUN: not wrapc run %t/in.mlir --entry identity --inputs %S/Inputs/hostile/shape.json 2>&1 | FileCheck %s --check-prefix=CHECK-SHAPE
// CHECK-SHAPE: identity: argument #0: expected sizes [4] (-1: any), got [2, 2]
// RUN: not wrapc interpret %t/in.mlir --entry identity --inputs %S/Inputs/hostile/int.json 2>&1 | FileCheck %s --check-prefix=CHECK-KIND
// CHECK-KIND: identity: argument #0: expected a tensor, got int
// RUN: wrapc interpret %t/in.mlir --entry identity --inputs %S/Inputs/hostile/ok.json --format table | FileCheck %s --check-prefix=CHECK-OK
// CHECK-OK: out0

// Running leaves no perf jitdump behind, unless asked to (which also shows
// that the check above can fail: LLVM honours JITDUMPDIR). The JIT's
// optimizer owns its target machine: with the listeners on it used to
// read a freed one.
// RUN: env TMPDIR=%t/tmp JITDUMPDIR=%t/jit wrapc run %t/in.mlir --entry identity --inputs %S/Inputs/hostile/ok.json --quiet > /dev/null
// RUN: not test -e %t/jit/.debug
// RUN: env WRAPC_JIT_PROFILE=1 JITDUMPDIR=%t/jit wrapc run %t/in.mlir --entry identity --inputs %S/Inputs/hostile/ok.json --quiet --format table | FileCheck %s --check-prefix=CHECK-PROFILED
// CHECK-PROFILED: out0 tensor#0 storage#0 f32 [4]/[1]+0 v0
// RUN: test -d %t/jit/.debug/jit
