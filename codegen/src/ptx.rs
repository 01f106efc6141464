//! Kernels written in MLIR, compiled to PTX through LLVM's NVPTX back end:
//! the host payload of a `wrap.kernel` (a `func.func` taking the kernel's
//! arguments and three program ids) becomes the body of a GPU kernel whose
//! program ids are the block indices, so one `.mlir` kernel runs on both
//! backends. A program is scalar code: thread (0, 0, 0) of each block runs
//! it, exactly as the host backend runs it once per program id.

use inkwell::targets::{CodeModel, InitializationConfig, RelocMode, Target, TargetTriple};
use inkwell::OptimizationLevel;
use melior::dialect::llvm;
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationMutLike};
use melior::ir::{Module, RegionLike};
use melior::Context;
use wrapc_dialects::WrapOp;
use wrapc_passes::ir;

use crate::{CodegenError, Result};

pub use wrapc_passes::attach_ptx::Chip as Sm;

/// The CPU name and PTX ISA features LLVM's NVPTX target machine takes for
/// `sm`: a PTX ISA version both LLVM 22 and the CUDA 12 driver accept.
fn cpu_and_features(sm: Sm) -> (&'static str, &'static str) {
    match sm {
        Sm::Sm80 => ("sm_80", "+ptx70"),
        Sm::Sm90 => ("sm_90", "+ptx80"),
    }
}

/// Makes this crate the back end of `wrap-attach-ptx` (the tools call it
/// before running pipelines; `lower_to_llvm_dialect_cuda` does too).
pub fn install() {
    wrapc_passes::attach_ptx::install_backend(|module, sm, opt_level| {
        let context = ir::context_of(module);
        let copy = Module::from_operation((*module).clone()).expect("a copy of a module is a module");
        kernels_to_ptx(context, &copy, sm, opt_level).map_err(|e| e.to_string())
    });
}

/// Outlines the device code (`wrap-outline-gpu-kernels`) and lowers it to
/// NVVM with upstream's conversions, which mark the entries `nvvm.kernel`.
const TO_NVVM: &str = "builtin.module(wrap-outline-gpu-kernels,gpu.module(convert-scf-to-cf,\
convert-gpu-to-nvvm{index-bitwidth=64},reconcile-unrealized-casts))";

/// The NVVM module of every kernel of `module` that has only a host (MLIR)
/// payload: `module` is copied, outlined and lowered, and the body of its
/// `gpu.module` becomes a module of its own, ready for LLVM translation.
pub fn gpu_module<'c>(context: &'c Context, module: &Module<'c>) -> Result<Module<'c>> {
    let has_kernels =
        ir::collect_ops(module.as_operation(), WrapOp::Kernel.name()).into_iter().any(wrapc_passes::needs_gpu_code);
    if !has_kernels {
        return Err(CodegenError::Pipeline(
            "the module has no kernel with a host (MLIR) payload to compile to PTX".into(),
        ));
    }
    let mut outlined =
        Module::from_operation((*module.as_operation()).clone()).expect("a copy of a module is a module");
    crate::run_pipeline(context, &mut outlined, TO_NVVM)?;
    let gpu = ir::lookup_in(outlined.as_operation(), wrapc_passes::GPU_MODULE)
        .ok_or_else(|| CodegenError::Pipeline("wrap-outline-gpu-kernels made no gpu.module".into()))?;
    let device = Module::new(gpu.location());
    let body = gpu.region(0).ok().and_then(|r| r.first_block());
    let mut op = body.and_then(|b| b.first_operation());
    let internal = llvm::attributes::linkage(context, llvm::attributes::Linkage::Internal);
    while let Some(current) = op {
        op = current.next_in_block();
        let mut copy = (*current).clone();
        // The kernels are the device module's only interface: everything
        // else (payloads, the C wrappers convert-gpu-to-nvvm adds) is
        // internal, so LLVM drops what it has inlined into them.
        if !ir::has_unit_attr(current, "nvvm.kernel") && current.region(0).is_ok_and(|r| r.first_block().is_some()) {
            copy.set_attribute("linkage", internal);
        }
        device.body().append_operation(copy);
    }
    Ok(device)
}

/// PTX for every MLIR kernel of `module`.
pub fn kernels_to_ptx(context: &Context, module: &Module, sm: Sm, opt_level: u8) -> Result<String> {
    let gpu = gpu_module(context, module)?;
    let llvm = inkwell::context::Context::create();
    let ir = crate::translate(&gpu, &llvm)?;
    Target::initialize_nvptx(&InitializationConfig::default());
    let triple = TargetTriple::create("nvptx64-nvidia-cuda");
    let (cpu, features) = cpu_and_features(sm);
    let target = Target::from_triple(&triple).map_err(|e| CodegenError::Llvm(e.to_string()))?;
    let level = match opt_level {
        0 => OptimizationLevel::None,
        1 => OptimizationLevel::Less,
        2 => OptimizationLevel::Default,
        _ => OptimizationLevel::Aggressive,
    };
    let machine = target
        .create_target_machine(&triple, cpu, features, level, RelocMode::Default, CodeModel::Default)
        .ok_or_else(|| CodegenError::Llvm("no NVPTX target machine".into()))?;
    crate::optimize(&ir, &machine, &format!("default<O{}>", opt_level.min(3)))?;
    crate::assembly(&ir, &machine)
}
