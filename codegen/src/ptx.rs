//! Kernels written in MLIR, compiled to PTX through LLVM's NVPTX back end:
//! the host payload of a `wrap.kernel` (a `func.func` taking the kernel's
//! arguments and three program ids) becomes the body of a GPU kernel whose
//! program ids are the block indices, so one `.mlir` kernel runs on both
//! backends. A program is scalar code: thread (0, 0, 0) of each block runs
//! it, exactly as the host backend runs it once per program id.

use std::fmt::Write as _;

use inkwell::targets::{CodeModel, InitializationConfig, RelocMode, Target, TargetTriple};
use inkwell::OptimizationLevel;
use melior::ir::block::BlockLike;
use melior::ir::operation::OperationLike;
use melior::ir::{Module, Type};
use melior::Context;
use wrapc_dialects::{TensorTypeInfo, WrapOp};
use wrapc_passes::ir;

use crate::{CodegenError, Result};

/// A GPU architecture PTX is generated for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sm {
    Sm80,
    Sm90,
}

impl Sm {
    fn cpu(self) -> &'static str {
        match self {
            Sm::Sm80 => "sm_80",
            Sm::Sm90 => "sm_90",
        }
    }

    /// The PTX ISA version both LLVM 22 and the CUDA 12 driver accept.
    fn features(self) -> &'static str {
        match self {
            Sm::Sm80 => "+ptx70",
            Sm::Sm90 => "+ptx80",
        }
    }
}

/// The kernel's argument as the GPU entry takes it.
fn device_type(ty: Type) -> String {
    if TensorTypeInfo::from_type(ty).is_some() {
        "!llvm.ptr".into()
    } else if ty.to_string() == "index" {
        "i64".into()
    } else {
        ty.to_string()
    }
}

/// The MLIR of the GPU entry points of every kernel with a host payload in
/// `module`: the payloads themselves plus one `nvvm.kernel` entry each.
pub fn gpu_module_source(module: &Module) -> Result<String> {
    let mut source = String::new();
    let mut payloads = Vec::new();
    let mut op = module.body().first_operation();
    while let Some(current) = op {
        op = current.next_in_block();
        if current.name().as_string_ref().as_str() != Ok(WrapOp::Kernel.name()) {
            continue;
        }
        let (Some(host), Some(entry), Some((inputs, _))) = (
            ir::flat_symbol_attr(current, "host"),
            ir::string_attr(current, "entry"),
            ir::function_type_attr(current, "function_type"),
        ) else {
            continue;
        };
        let Some(payload) = ir::lookup_symbol(current, &host) else {
            return Err(CodegenError::Pipeline(format!("kernel payload @{host} not found")));
        };
        if !payloads.contains(&host) {
            writeln!(source, "{}", payload).unwrap();
            payloads.push(host.clone());
        }
        let params: Vec<String> =
            inputs.iter().enumerate().map(|(k, &t)| format!("%a{k}: {}", device_type(t))).collect();
        let args: Vec<String> = inputs
            .iter()
            .enumerate()
            .map(|(k, &t)| if t.to_string() == "index" { format!("%i{k}") } else { format!("%a{k}") })
            .collect();
        let arg_types: Vec<String> =
            inputs.iter().map(|&t| if t.to_string() == "index" { "index".into() } else { device_type(t) }).collect();
        // `nvvm.kernel` belongs on the llvm.func; it is set after conversion.
        writeln!(source, "func.func @{entry}({}) attributes {{{GPU_ENTRY}}} {{", params.join(", ")).unwrap();
        for (k, &t) in inputs.iter().enumerate() {
            if t.to_string() == "index" {
                writeln!(source, "  %i{k} = arith.index_cast %a{k} : i64 to index").unwrap();
            }
        }
        writeln!(source, "  %zero = arith.constant 0 : i32").unwrap();
        for axis in ["x", "y", "z"] {
            writeln!(source, "  %c{axis} = nvvm.read.ptx.sreg.ctaid.{axis} : i32").unwrap();
            writeln!(source, "  %p{axis} = arith.index_cast %c{axis} : i32 to index").unwrap();
            writeln!(source, "  %t{axis} = nvvm.read.ptx.sreg.tid.{axis} : i32").unwrap();
            writeln!(source, "  %first{axis} = arith.cmpi eq, %t{axis}, %zero : i32").unwrap();
        }
        writeln!(source, "  %firstxy = arith.andi %firstx, %firsty : i1").unwrap();
        writeln!(source, "  %leader = arith.andi %firstxy, %firstz : i1").unwrap();
        let mut all_args = args.clone();
        all_args.extend(["%px".into(), "%py".into(), "%pz".into()]);
        let mut all_types = arg_types.clone();
        all_types.extend(["index".into(), "index".into(), "index".into()]);
        writeln!(source, "  scf.if %leader {{").unwrap();
        writeln!(source, "    func.call @{host}({}) : ({}) -> ()", all_args.join(", "), all_types.join(", ")).unwrap();
        writeln!(source, "  }}\n  return\n}}").unwrap();
    }
    if source.is_empty() {
        return Err(CodegenError::Pipeline(
            "the module has no kernel with a host (MLIR) payload to compile to PTX".into(),
        ));
    }
    Ok(source)
}

/// Marks the entries until they are `llvm.func`s that can take `nvvm.kernel`.
const GPU_ENTRY: &str = "wrapc.gpu_entry";

const TO_NVVM: &str = "builtin.module(convert-scf-to-cf,convert-arith-to-llvm,convert-cf-to-llvm,\
convert-func-to-llvm,reconcile-unrealized-casts)";

/// PTX for every MLIR kernel of `module`.
pub fn kernels_to_ptx(context: &Context, module: &Module, sm: Sm, opt_level: u8) -> Result<String> {
    let source = gpu_module_source(module)?;
    let mut gpu = Module::parse(context, &source)
        .ok_or_else(|| CodegenError::Pipeline(format!("invalid GPU module:\n{source}")))?;
    crate::run_pipeline(context, &mut gpu, TO_NVVM)?;
    mark_kernels(context, &gpu);
    let llvm = inkwell::context::Context::create();
    let ir = crate::translate(&gpu, &llvm)?;
    Target::initialize_nvptx(&InitializationConfig::default());
    let triple = TargetTriple::create("nvptx64-nvidia-cuda");
    let target = Target::from_triple(&triple).map_err(|e| CodegenError::Llvm(e.to_string()))?;
    let level = match opt_level {
        0 => OptimizationLevel::None,
        1 => OptimizationLevel::Less,
        2 => OptimizationLevel::Default,
        _ => OptimizationLevel::Aggressive,
    };
    let machine = target
        .create_target_machine(&triple, sm.cpu(), sm.features(), level, RelocMode::Default, CodeModel::Default)
        .ok_or_else(|| CodegenError::Llvm("no NVPTX target machine".into()))?;
    crate::optimize(&ir, &machine, &format!("default<O{}>", opt_level.min(3)))?;
    crate::assembly(&ir, &machine)
}

/// Gives every kernel that has an MLIR (host) payload but no GPU payload the
/// PTX wrapc compiles from it, as its `ptx` attribute, so that
/// `wrap-lower-lazy-launch` embeds it. Kernels with PTX or cubin payloads
/// are left as they are.
pub fn attach_ptx(context: &Context, module: &Module, sm: Sm, opt_level: u8) -> Result<()> {
    use melior::ir::operation::OperationMutLike;
    let needs_ptx: Vec<_> = ir::collect_ops(module.as_operation(), WrapOp::Kernel.name())
        .into_iter()
        .filter(|k| ["ptx", "ptx_file", "cubin_file"].iter().all(|a| ir::attribute(*k, a).is_none()))
        .filter(|k| ir::flat_symbol_attr(*k, "host").is_some())
        .collect();
    if needs_ptx.is_empty() {
        return Ok(());
    }
    let ptx = kernels_to_ptx(context, module, sm, opt_level)?;
    let text: melior::ir::Attribute = melior::ir::attribute::StringAttribute::new(context, &ptx).into();
    for kernel in needs_ptx {
        ir::as_mut(kernel).set_attribute("ptx", text);
    }
    Ok(())
}

/// Turns the converted entries into PTX kernels (`.entry`).
fn mark_kernels(context: &Context, module: &Module) {
    use melior::ir::operation::OperationMutLike;
    for function in ir::collect_ops(module.as_operation(), "llvm.func") {
        if ir::has_unit_attr(function, GPU_ENTRY) {
            ir::as_mut(function).set_attribute("nvvm.kernel", melior::ir::Attribute::unit(context));
        }
    }
}
