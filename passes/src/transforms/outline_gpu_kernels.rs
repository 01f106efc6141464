//! `wrap-outline-gpu-kernels`: the device side of every `wrap.kernel` whose
//! only payload is host MLIR, as upstream GPU code. Each payload is copied
//! into one `gpu.module` and gets a `gpu.func ... kernel` entry under the
//! kernel's `entry` name: thread (0, 0, 0) of each block calls the payload
//! with the block indices as program ids, exactly as the host backend calls
//! it once per program id. Upstream `convert-gpu-to-nvvm` then lowers the
//! module to NVVM (codegen's `ptx` compiles it to PTX).

use std::collections::HashSet;

use melior::dialect::ods::gpu;
use melior::dialect::{arith, func, scf};
use melior::ir::attribute::{FlatSymbolRefAttribute, IntegerAttribute, StringAttribute, TypeAttribute};
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationMutLike, OperationRef};
use melior::ir::r#type::{FunctionType, IntegerType};
use melior::ir::{Attribute, Block, Location, Region, RegionLike, Type, TypeLike, Value};
use melior::Context;
use wrapc_dialects::views::{self, KernelOp};
use wrapc_dialects::{TensorTypeInfo, WrapOp};

use crate::ir::{self, Builder, PassResult};
use crate::Options;

/// The symbol of the `gpu.module` the pass creates.
pub const GPU_MODULE: &str = "wrap_gpu_kernels";

/// Whether `kernel` has a host (MLIR) payload and no GPU payload: the
/// kernels this pass outlines.
pub fn needs_gpu_code(kernel: OperationRef) -> bool {
    // A GPU payload: ptx, ptx_file or cubin_file.
    KernelOp::new(kernel)
        .is_ok_and(|k| k.host().is_some() && k.ptx().is_none() && k.ptx_file().is_none() && k.cubin_file().is_none())
}

pub fn run(module: OperationRef, _options: &Options) -> PassResult {
    let kernels: Vec<_> =
        ir::collect_ops(module, WrapOp::Kernel.name()).into_iter().filter(|k| needs_gpu_code(*k)).collect();
    if kernels.is_empty() {
        return Ok(());
    }
    if ir::lookup_in(module, GPU_MODULE).is_some() {
        return ir::fail(module, &format!("the module already has a symbol named '{GPU_MODULE}'"));
    }
    let context = ir::context_of(module);
    let location = module.location();
    let region = Region::new();
    region.append_block(Block::new(&[]));
    let top = module.region(0).expect("module body").first_block().expect("module block");
    let gpu_module =
        top.append_operation(gpu::module(context, region, StringAttribute::new(context, GPU_MODULE), location).into());
    let device = gpu_module.region(0).expect("gpu.module body").first_block().expect("gpu.module block");

    let mut symbols = HashSet::new();
    for kernel in kernels {
        let view = views::reported(kernel, KernelOp::new)?;
        let (entry, (inputs, _)) = (view.entry(), view.function_type());
        let Some(host) = view.host() else {
            return ir::fail(kernel, "internal error: a kernel outlined for GPU code has no host payload");
        };
        let Some(payload) = ir::lookup_symbol(kernel, &host) else {
            return ir::fail(kernel, &format!("kernel payload @{host} not found"));
        };
        if symbols.insert(host.clone()) {
            device.append_operation((*payload).clone());
        }
        if !symbols.insert(entry.clone()) {
            return ir::fail(
                kernel,
                &format!(
                    "GPU entry '{entry}' is also the name of another kernel's entry or payload; entries must be unique"
                ),
            );
        }
        device.append_operation(entry_function(context, kernel.location(), &entry, &host, &inputs));
    }
    Ok(())
}

/// A kernel argument as the GPU entry receives it: tensors as their data
/// pointer, `index` as i64 (the launch ABI), everything else as is.
fn device_type<'c>(context: &'c Context, ty: Type<'c>) -> Type<'c> {
    if TensorTypeInfo::from_type(ty).is_some() {
        melior::dialect::llvm::r#type::pointer(context, 0)
    } else if ty.is_index() {
        IntegerType::new(context, 64).into()
    } else {
        ty
    }
}

/// `gpu.func @entry(args) kernel`: thread (0, 0, 0) calls `@host(args...,
/// block_id x, y, z)`.
fn entry_function<'c>(
    context: &'c Context,
    location: Location<'c>,
    entry: &str,
    host: &str,
    inputs: &[Type<'c>],
) -> melior::ir::Operation<'c> {
    let index = Type::index(context);
    let params: Vec<Type> = inputs.iter().map(|&t| device_type(context, t)).collect();
    let body = Region::new();
    let block = body.append_block(Block::new(&params.iter().map(|&t| (t, location)).collect::<Vec<_>>()));
    let b = Builder::at_end(context, block, location);
    let mut args: Vec<Value> = Vec::new();
    for (k, &ty) in inputs.iter().enumerate() {
        let arg: Value = block.argument(k).expect("one argument per input").into();
        args.push(if ty.is_index() { first(b.insert(arith::index_cast(arg, index, location))) } else { arg });
    }
    let zero = first(b.insert(arith::constant(context, IntegerAttribute::new(index, 0).into(), location)));
    let mut leader: Option<Value> = None;
    for axis in AXES {
        let thread = gpu_index(&b, "gpu.thread_id", axis);
        let first_thread = first(b.insert(arith::cmpi(context, arith::CmpiPredicate::Eq, thread, zero, location)));
        leader = Some(match leader {
            Some(previous) => first(b.insert(arith::andi(previous, first_thread, location))),
            None => first_thread,
        });
    }

    let then_region = Region::new();
    {
        let then_block = then_region.append_block(Block::new(&[]));
        let then = Builder::at_end(context, then_block, location);
        let mut call_args = args.clone();
        for axis in AXES {
            call_args.push(gpu_index(&then, "gpu.block_id", axis));
        }
        then.insert(func::call(context, FlatSymbolRefAttribute::new(context, host), &call_args, &[], location));
        then.insert(scf::r#yield(&[], location));
    }
    b.insert(scf::r#if(leader.expect("three axes"), &[], then_region, Region::new(), location));
    b.insert(gpu::r#return(context, &[], location));

    let function_type = FunctionType::new(context, &params, &[]);
    let mut op: melior::ir::Operation =
        gpu::func(context, body, TypeAttribute::new(function_type.into()), location).into();
    op.set_attribute("sym_name", StringAttribute::new(context, entry).into());
    op.set_attribute("gpu.kernel", Attribute::unit(context));
    op
}

const AXES: [&str; 3] = ["x", "y", "z"];

/// `gpu.thread_id` / `gpu.block_id` of `axis`. Built generically: their
/// result is unnamed in GPUOps.td, so the builders melior generates cannot
/// give it its type; `#gpu<dim x>` is parsed because melior has no typed
/// constructor for the dimension attribute.
fn gpu_index<'c, 'a>(b: &Builder<'c, 'a>, op: &str, axis: &str) -> Value<'c, 'a> {
    let dimension = Attribute::parse(b.context, &format!("#gpu<dim {axis}>")).expect("a GPU dimension");
    b.value(op, &[], Type::index(b.context), &[("dimension", dimension)])
}

fn first<'c, 'a>(op: OperationRef<'c, 'a>) -> Value<'c, 'a> {
    op.result(0).expect("one result").into()
}
