//! `wrap-lower-lazy-launch` (seed 004): every `wrap.launch` of a kernel with
//! a GPU payload goes through a per-kernel slot. The pass embeds the
//! kernel's image (PTX text, or the contents of its `ptx_file` /
//! `cubin_file`), its entry name and configs in a constant `wrt_cuda_kernel`
//! descriptor, adds a zero-initialized `wrt_cuda_slot` global (one entry per
//! device), and turns the launch into `wrap.lazy_launch`, which
//! convert-wrap-to-llvm lowers to the inline fast path.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use melior::ir::attribute::{DenseI32ArrayAttribute, FlatSymbolRefAttribute};
use melior::ir::operation::OperationMutLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::Attribute;
use melior::ir::{RegionLike, Value, ValueLike};
use wrapc_dialects::ops::wrap;
use wrapc_dialects::views::{self, func::FuncOp, KernelOp, LaunchOp};
use wrapc_dialects::{DeviceKind, KernelConfig, TensorTypeInfo, WrapOp};

use crate::ir::{self, Builder, PassResult};
use crate::Options;

use wrapc_abi::{CUDA_CONFIG, CUDA_KERNEL, GRAPH_SLOT_BYTES, SLOT_BYTES};

/// The function attribute naming a graph-mode entry point's slot.
pub const GRAPH_ATTR: &str = "wrap.cuda_graph";
/// i64 words per `wrt_cuda_config`, which [`config_words`] writes in its
/// field order: block[3], then num_warps and shared_bytes packed into one
/// word (little-endian), then the name pointer.
const CONFIG_WORDS: usize = CUDA_CONFIG.size() / 8;
const _: () = assert!(
    CUDA_CONFIG.offset("num_warps") == 3 * 8
        && CUDA_CONFIG.offset("shared_bytes") == CUDA_CONFIG.offset("num_warps") + 4
        && CUDA_CONFIG.offset("name") == 4 * 8
        && CONFIG_WORDS == 5
);

/// The globals one kernel's launches share.
#[derive(Clone)]
struct Globals {
    slot: String,
    descriptor: String,
}

pub fn run(module: OperationRef, options: &Options) -> PassResult {
    let options = crate::WrapLowerLazyLaunchOptions::from(options);
    let allowed = options.allow_file_dir.as_str();
    let mut made: HashMap<String, Globals> = HashMap::new();
    for launch in ir::collect_ops(module, WrapOp::Launch.name()) {
        let kernel_name = views::reported(launch, LaunchOp::new)?.kernel();
        let kernel = ir::lookup_symbol(launch, &kernel_name).expect("verified kernel");
        if views::reported(kernel, KernelOp::new)?.library().is_some() {
            // A host library's function, called directly (convert-wrap-to-llvm).
            continue;
        }
        check_arguments(launch, &kernel_name)?;
        let globals = match made.get(&kernel_name) {
            Some(globals) => globals.clone(),
            None => {
                let globals = emit_globals(module, kernel, &kernel_name, allowed)?;
                made.insert(kernel_name.clone(), globals.clone());
                globals
            }
        };
        rewrite(launch, &globals, options.cuda_graphs);
    }
    if options.cuda_graphs && !made.is_empty() {
        add_graph_slots(module)?;
    }
    Ok(())
}

/// A zero-initialized `wrt_cuda_graph_slot` global per public function with
/// a body, named by the function's `wrap.cuda_graph` attribute.
fn add_graph_slots(module: OperationRef) -> PassResult {
    let context = ir::context_of(module);
    let body = module.region(0).expect("module body").first_block().expect("module block");
    for function in ir::collect_ops(module, FuncOp::NAME) {
        let view = views::reported(function, FuncOp::new)?;
        let private = view.sym_visibility().as_deref() == Some("private");
        let has_body = function.region(0).ok().and_then(|r| r.first_block()).is_some();
        if private || !has_body {
            continue;
        }
        let name = view.sym_name();
        let global = format!("__wrapc_graph_{name}");
        let text = format!(
            "module {{\nllvm.mlir.global internal @\"{global}\"(dense<0> : tensor<{GRAPH_SLOT_BYTES}xi8>) \
             {{addr_space = 0 : i32, alignment = 8 : i64}} : !llvm.array<{GRAPH_SLOT_BYTES} x i8>\n}}"
        );
        if !ir::insert_parsed(context, &text, body, Some(function)) {
            return ir::fail(function, &format!("internal error: the CUDA graph slot of '{name}' does not parse"));
        }
        ir::as_mut(function).set_attribute(GRAPH_ATTR, FlatSymbolRefAttribute::new(context, &global).into());
    }
    Ok(())
}

/// A GPU launch reads its device from a tensor argument, and every tensor
/// it passes must live on the GPU.
fn check_arguments(launch: OperationRef, kernel: &str) -> PassResult {
    let mut has_tensor = false;
    let first_arg = ir::dense_segment(launch, 0) + ir::dense_segment(launch, 1);
    for (i, operand) in launch.operands().skip(first_arg).enumerate() {
        let Some(info) = TensorTypeInfo::from_type(operand.r#type()) else { continue };
        has_tensor = true;
        if info.device != DeviceKind::Cuda {
            return ir::fail(
                launch,
                &format!("kernel '{kernel}' runs on the GPU but argument #{i} is a host tensor ({})", operand.r#type()),
            );
        }
    }
    if !has_tensor {
        return ir::fail(
            launch,
            &format!("a GPU launch of '{kernel}' needs a tensor argument (its device picks the slot entry)"),
        );
    }
    Ok(())
}

/// The kernel's image: inline PTX, or a PTX/cubin file. A relative path is
/// read from the directory of the file the kernel was written in (the
/// working directory for stdin); the file must lie in that directory or
/// under it, or in `allowed` (`--allow-file-dir`): IR is input, and must not
/// make the compiler embed arbitrary files into what it writes.
fn image(kernel: OperationRef, name: &str, allowed: &str) -> Result<Vec<u8>, ir::Reported> {
    let view = views::reported(kernel, KernelOp::new)?;
    if let Some(ptx) = view.ptx() {
        return Ok(ptx.into_bytes());
    }
    let Some(file) = view.ptx_file().or_else(|| view.cubin_file()) else {
        return ir::fail(
            kernel,
            &format!(
                "kernel '{name}' has no GPU payload (ptx, ptx_file or cubin_file); \
                 `wrapc compile --target=cuda` compiles its MLIR payload to PTX first"
            ),
        );
    };
    let location = ir::location_text(&kernel.location().to_string());
    let source = location.rsplitn(3, ':').last().unwrap_or_default();
    let base = match Path::new(source).parent() {
        Some(dir) if Path::new(source).is_file() => dir.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let base = if base.as_os_str().is_empty() { PathBuf::from(".") } else { base };
    let path = base.join(&file);
    let Ok(resolved) = std::fs::canonicalize(&path) else {
        return ir::fail(kernel, &format!("cannot read the payload of kernel '{name}': '{file}' not found"));
    };
    let roots = std::iter::once(base.clone()).chain((!allowed.is_empty()).then(|| PathBuf::from(allowed)));
    let inside = roots.filter_map(|root| std::fs::canonicalize(root).ok()).any(|root| resolved.starts_with(root));
    if !inside {
        return ir::fail(
            kernel,
            &format!(
                "the payload of kernel '{name}', '{file}', is outside {}, the input file's directory \
                 (pass --allow-file-dir to allow another directory)",
                base.display()
            ),
        );
    }
    std::fs::read(&resolved).or_else(|e| {
        ir::fail(kernel, &format!("cannot read the payload of kernel '{name}': '{}': {e}", resolved.display()))
    })
}

/// `wrt_cuda_config` records as i64 words (little-endian packing of the two
/// i32 fields; the name pointer is null).
fn config_words(configs: &[KernelConfig]) -> Vec<i64> {
    let mut words = Vec::with_capacity(configs.len() * CONFIG_WORDS);
    for config in configs {
        words.extend((0..3).map(|d| config.block.get(d).copied().unwrap_or(1)));
        words.push((config.num_warps & 0xffff_ffff) | (config.shared_bytes << 32));
        words.push(0);
    }
    words
}

fn emit_globals(
    module: OperationRef,
    kernel: OperationRef,
    name: &str,
    allowed: &str,
) -> Result<Globals, ir::Reported> {
    let mut image = image(kernel, name, allowed)?;
    let image_size = image.len();
    image.push(0);
    let kernel_op = views::reported(kernel, KernelOp::new)?;
    let entry = kernel_op.entry();
    let configs: Vec<KernelConfig> = kernel_op.configs().into_iter().filter_map(KernelConfig::from_attribute).collect();
    let words = config_words(&configs);
    let symbol = |what: &str| format!("__wrapc_{what}_{name}");
    let globals = Globals { slot: symbol("slot"), descriptor: symbol("kernel") };
    let (image_name, entry_name, configs_name) = (symbol("image"), symbol("entry"), symbol("configs"));
    let entry_bytes: Vec<u8> = entry.bytes().chain(std::iter::once(0)).collect();
    let list: Vec<String> = words.iter().map(i64::to_string).collect();
    let descriptor_type = CUDA_KERNEL.llvm_type();
    // Where each field goes in the descriptor struct.
    let [at_image, at_image_size, at_entry, at_configs, at_num_configs] =
        ["image", "image_size", "entry", "configs", "num_configs"].map(|field| CUDA_KERNEL.index(field));
    let mut text = String::from("module {\n");
    writeln!(
        text,
        "llvm.mlir.global internal constant @\"{image_name}\"({}) {{addr_space = 0 : i32}} : !llvm.array<{} x i8>",
        ir::string_literal(&image),
        image.len()
    )
    .unwrap();
    writeln!(
        text,
        "llvm.mlir.global internal constant @\"{entry_name}\"({}) {{addr_space = 0 : i32}} : !llvm.array<{} x i8>",
        ir::string_literal(&entry_bytes),
        entry_bytes.len()
    )
    .unwrap();
    writeln!(
        text,
        "llvm.mlir.global internal constant @\"{configs_name}\"(dense<[{}]> : tensor<{}xi64>) {{addr_space = 0 : i32}} : !llvm.array<{} x i64>",
        list.join(", "),
        words.len(),
        words.len()
    )
    .unwrap();
    writeln!(
        text,
        "llvm.mlir.global internal constant @\"{}\"() {{addr_space = 0 : i32}} : {descriptor_type} {{\n\
         \x20 %0 = llvm.mlir.undef : {descriptor_type}\n\
         \x20 %1 = llvm.mlir.addressof @\"{image_name}\" : !llvm.ptr\n\
         \x20 %2 = llvm.insertvalue %1, %0[{at_image}] : {descriptor_type}\n\
         \x20 %3 = llvm.mlir.constant({image_size} : i64) : i64\n\
         \x20 %4 = llvm.insertvalue %3, %2[{at_image_size}] : {descriptor_type}\n\
         \x20 %5 = llvm.mlir.addressof @\"{entry_name}\" : !llvm.ptr\n\
         \x20 %6 = llvm.insertvalue %5, %4[{at_entry}] : {descriptor_type}\n\
         \x20 %7 = llvm.mlir.addressof @\"{configs_name}\" : !llvm.ptr\n\
         \x20 %8 = llvm.insertvalue %7, %6[{at_configs}] : {descriptor_type}\n\
         \x20 %9 = llvm.mlir.constant({} : i64) : i64\n\
         \x20 %10 = llvm.insertvalue %9, %8[{at_num_configs}] : {descriptor_type}\n\
         \x20 llvm.return %10 : {descriptor_type}\n}}",
        globals.descriptor,
        configs.len()
    )
    .unwrap();
    writeln!(
        text,
        "llvm.mlir.global internal @\"{}\"(dense<0> : tensor<{SLOT_BYTES}xi8>) {{addr_space = 0 : i32, alignment = 8 : i64}} : !llvm.array<{SLOT_BYTES} x i8>",
        globals.slot
    )
    .unwrap();
    text.push('}');
    let body = module.region(0).expect("module body").first_block().expect("module block");
    if !ir::insert_parsed(ir::context_of(module), &text, body, Some(kernel)) {
        return ir::fail(kernel, &format!("internal error: the globals of kernel '{name}' do not parse"));
    }
    Ok(globals)
}

/// `wrap.launch` → `wrap.lazy_launch` with the same extents and arguments.
fn rewrite(launch: OperationRef, globals: &Globals, cuda_graph: bool) {
    let b = Builder::before(launch);
    let operands: Vec<Value> = launch.operands().collect();
    // wrap.launch and wrap.lazy_launch share their operand groups: grid,
    // numel, args.
    let segments = ir::attribute(launch, "operandSegmentSizes")
        .and_then(|a| DenseI32ArrayAttribute::try_from(a).ok())
        .expect("verified launch");
    let group = |i| segments.element(i).expect("three operand groups") as usize;
    let (grid, rest) = operands.split_at(group(0));
    let (numel, args) = rest.split_at(group(1));
    let lazy = wrap::LazyLaunchOperation::builder(b.context, b.location)
        .slot(FlatSymbolRefAttribute::new(b.context, &globals.slot))
        .descriptor(FlatSymbolRefAttribute::new(b.context, &globals.descriptor))
        .grid(grid)
        .numel(numel)
        .args(args);
    let lazy = if cuda_graph { lazy.cuda_graph(Attribute::unit(b.context)) } else { lazy };
    b.insert_segmented(lazy.build(), &[grid.len(), numel.len(), args.len()]);
    ir::erase(launch);
}
