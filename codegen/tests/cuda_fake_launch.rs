//! Compiled wrappers launching GPU kernels, run on a fake device (no GPU
//! needed): the code `wrap-lower-lazy-launch` + convert-wrap-to-llvm emit
//! is JIT-compiled against this process's runtime, whose cuda:0 is a
//! `FakeDriver` that emulates the kernel on the host.

use std::ffi::c_void;
use std::sync::{Arc, OnceLock};

use melior::ir::Module;
use wrapc_codegen as codegen;
use wrapc_runtime::capi;
use wrapc_runtime::cuda::fake::FakeDriver;
use wrapc_runtime::cuda::gpus;
use wrapc_runtime::{DType, Device, Tensor};

/// `x.add_(1)` in a kernel with two configs (block 4 and 8 elements per
/// program), a view of `y` as an alias output, and a fresh output `x + y`.
const MODULE: &str = r#"
wrap.kernel @inc : (!wrap.tensor<?xf32, cuda>, !wrap.tensor<?xf32, cuda>, !wrap.tensor<?xf32, cuda>, index) -> ()
    entry "inc_add"
    configs [#wrap.config<"B4", block = [4], num_warps = 1, num_stages = 1, shared = 0>,
             #wrap.config<"B8", block = [8], num_warps = 2, num_stages = 1, shared = 0>]
    {ptx = ".version 8.0\n.target sm_90\n// inc_add\n"}
func.func private @graph(%x: !wrap.tensor<?xf32, cuda>, %y: !wrap.tensor<?xf32, cuda>)
    -> (!wrap.tensor<?xf32, cuda>, !wrap.tensor<?xf32, cuda>, !wrap.tensor<?xf32, cuda>) {
  %n = wrap.tensor.size %x, 0 : !wrap.tensor<?xf32, cuda>
  %out = wrap.alloc(%n) : !wrap.tensor<?xf32, cuda>
  wrap.launch @inc numel(%n) args(%x, %y, %out, %n) : !wrap.tensor<?xf32, cuda>, !wrap.tensor<?xf32, cuda>, !wrap.tensor<?xf32, cuda>, index
  return %x, %out, %y : !wrap.tensor<?xf32, cuda>, !wrap.tensor<?xf32, cuda>, !wrap.tensor<?xf32, cuda>
}
wrap.runtime_wrapper @f : (!wrap.tensor<?xf32, cuda>, !wrap.tensor<?xf32, cuda>)
    -> (!wrap.tensor<?xf32, cuda>, !wrap.tensor<?xf32, cuda>) calls @graph
  inputs [#wrap.input<mutates_data>, #wrap.input<>]
  outputs [#wrap.output<non_alias>, #wrap.output<alias_of_input, base = 1, view = <[?], [1], 0>>]
"#;

/// The kernel on the host: args (x, y, out, n); the grid covers n.
fn inc_add(args: &[*mut c_void], grid: [u32; 3], block: [u32; 3]) {
    // SAFETY: the launch passes pointers to three device addresses and an i64.
    let (x, y, out, n) = unsafe {
        (
            *(args[0] as *const u64) as *mut f32,
            *(args[1] as *const u64) as *const f32,
            *(args[2] as *const u64) as *mut f32,
            *(args[3] as *const i64) as usize,
        )
    };
    assert!(grid[0] >= 1 && block[0].is_multiple_of(32));
    for i in 0..n {
        // SAFETY: fake device memory of n elements each.
        unsafe {
            *x.add(i) += 1.0;
            *out.add(i) = *x.add(i) + *y.add(i);
        }
    }
}

fn device() -> &'static Arc<FakeDriver> {
    static DEVICE: OnceLock<Arc<FakeDriver>> = OnceLock::new();
    DEVICE.get_or_init(|| {
        let cache = std::env::temp_dir().join(format!("wrapc-codegen-fake-cache-{}", std::process::id()));
        // SAFETY: set before the first device use in this process.
        unsafe { std::env::set_var("WRAPC_CACHE_DIR", cache) };
        let fake = Arc::new(FakeDriver::new());
        fake.set_kernel("inc_add", 4, inc_add);
        assert!(gpus::install(0, fake.clone()));
        fake
    })
}

fn cuda(values: &[f64]) -> Tensor {
    Tensor::from_f64s(&[values.len() as i64], DType::F32, values).unwrap().to_device(Device::Cuda(0)).unwrap()
}

fn compile(context: &melior::Context) -> Module<'_> {
    compile_with(context, MODULE, codegen::TO_LLVM_CUDA)
}

fn compile_with<'c>(context: &'c melior::Context, source: &str, pipeline: &str) -> Module<'c> {
    let mut module = Module::parse(context, source).expect("valid module");
    codegen::specialize(context, &mut module).unwrap();
    codegen::run_pipeline(context, &mut module, pipeline).unwrap();
    module
}

#[test]
fn compiled_wrapper_loads_once_then_launches_directly() {
    let fake = device();
    let context = wrapc_dialects::create_context();
    let module = compile(&context);
    let jit = codegen::Jit::new(&module, 2, &[]).unwrap();
    let f = jit.entry("f").unwrap();
    call_and_check(f, 3);
    assert_loaded_once_with_ceil_grid(fake, b"// inc_add\n");
}

/// The kernel whose image ends with `image` was loaded once, and the last
/// launch's grid is ceil(10 elements / the chosen config's block).
fn assert_loaded_once_with_ceil_grid(fake: &FakeDriver, image: &[u8]) {
    assert_eq!(fake.loads_of(image), 1, "the kernel is loaded once");
    let (grid, block) = (fake.last_grid().unwrap()[0], fake.last_block().unwrap()[0]);
    assert!(
        (grid, block) == (3, 32) || (grid, block) == (2, 64),
        "ceil(10 / block) with the chosen config: {grid} x {block}"
    );
}

#[test]
fn compiled_wrapper_without_inlining_launches_through_the_slots_launcher() {
    // At -O0 nothing is inlined: the launch calls its slot's launcher, as
    // every launch of a large module does, and its fast path, grid and
    // slow path run there.
    let fake = device();
    let context = wrapc_dialects::create_context();
    let source = MODULE.replace("// inc_add\\n", "// inc_add, launcher called\\n");
    assert_ne!(source, MODULE);
    let module = compile_with(&context, &source, codegen::TO_LLVM_CUDA);
    assert!(module.as_operation().to_string().contains("call @__wrapc_launcher_"), "the launch calls its launcher");
    let jit = codegen::Jit::new(&module, 0, &[]).unwrap();
    let f = jit.entry("f").unwrap();
    call_and_check(f, 3);
    assert_loaded_once_with_ceil_grid(fake, b"// inc_add, launcher called\n");
}

#[test]
fn compiled_wrapper_in_cuda_graph_mode_replays_with_the_same_effects() {
    let fake = device();
    let context = wrapc_dialects::create_context();
    // Its own image, so that the other tests' load counts stay theirs.
    let source = MODULE.replace("// inc_add\\n", "// inc_add, graph mode\\n");
    assert_ne!(source, MODULE);
    let pipeline = "builtin.module(wrap-lower-lazy-launch{cuda-graphs=true},wrap-lower-to-llvm)";
    let module = compile_with(&context, &source, pipeline);
    let jit = codegen::Jit::new(&module, 2, &[]).unwrap();
    let f = jit.entry("f").unwrap();
    let replays = fake.graph_launches();
    // The launch runs before the epilogue's copy (elided: the graph returns
    // x itself) and the alias view: one segment, instantiated on the third
    // call (the first loads the kernel), replayed from the fourth.
    call_and_check(f, 6);
    assert_eq!(fake.graph_launches(), replays + 3);
}

/// Calls the compiled `f` `calls` times on fresh inputs and checks every
/// call's effects.
fn call_and_check(f: codegen::NativeFn, calls: usize) {
    let (x, y) = (cuda(&[0.; 10]), cuda(&[1., 2., 3., 4., 5., 6., 7., 8., 9., 10.]));
    let inputs = [capi::into_handle(x.clone()), capi::into_handle(y.clone())];
    for call in 1..=calls {
        let mut outputs = [std::ptr::null_mut(); 2];
        // SAFETY: wrapc's entry ABI; outputs are owned afterwards.
        let status = unsafe { f(inputs.as_ptr(), 2, outputs.as_mut_ptr(), 2) };
        assert_eq!(status, 0, "{:?}", unsafe { std::ffi::CStr::from_ptr(capi::wrt_last_error()) });
        let (out, alias) = unsafe { (capi::take_handle(outputs[0]).unwrap(), capi::take_handle(outputs[1]).unwrap()) };
        assert_eq!(x.to_f64_vec().unwrap(), vec![call as f64; 10], "x.add_(1) ran once per call");
        assert_eq!(x.version(), call as u64, "the elided copy keeps its version bump");
        let expected: Vec<f64> = (1..=10).map(|v| v as f64 + call as f64).collect();
        assert_eq!(out.to_f64_vec().unwrap(), expected);
        assert_eq!(out.device(), Device::Cuda(0));
        assert_eq!(alias.storage_id(), y.storage_id(), "the alias is regenerated as a view of y");
    }
    for handle in inputs {
        unsafe { capi::wrt_tensor_release(handle) };
    }
}

#[test]
fn host_tensors_are_rejected_by_the_compiled_checks() {
    device();
    let context = wrapc_dialects::create_context();
    let module = compile(&context);
    let jit = codegen::Jit::new(&module, 2, &[]).unwrap();
    let f = jit.entry("f").unwrap();
    let host = Tensor::from_f64s(&[4], DType::F32, &[0.; 4]).unwrap();
    let inputs = [capi::into_handle(host.clone()), capi::into_handle(host)];
    let mut outputs = [std::ptr::null_mut(); 2];
    let status = unsafe { f(inputs.as_ptr(), 2, outputs.as_mut_ptr(), 2) };
    assert_ne!(status, 0);
    let message = unsafe { std::ffi::CStr::from_ptr(capi::wrt_last_error()) }.to_string_lossy().into_owned();
    assert!(message.contains("expected a cuda tensor"), "{message}");
    for handle in inputs {
        unsafe { capi::wrt_tensor_release(handle) };
    }
}
