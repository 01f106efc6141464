//! Running pass pipelines from Rust, with diagnostics collected as text.

use std::cell::RefCell;
use std::rc::Rc;

use melior::diagnostic::DiagnosticSeverity;
use melior::ir::operation::OperationLike;
use melior::ir::Module;
use melior::pass::PassManager;
use melior::utility::parse_pass_pipeline;
use melior::Context;

/// A pass pipeline registered in MLIR under its name: `wrapc-opt --NAME`,
/// or `NAME` inside `--pass-pipeline`, and what the tools run.
pub struct PipelineDef {
    pub name: &'static str,
    pub summary: &'static str,
    /// The passes, in MLIR's textual form, anchored on `builtin.module`.
    pub passes: &'static str,
}

/// wrapc's pipelines, the one place their passes are listed.
pub static PIPELINES: &[PipelineDef] = &[
    PipelineDef {
        name: "wrap-specialize",
        summary: "Level 1 to straight-line level 2: orchestrate, flatten subclasses, merge aliased inputs into \
                  synthetic bases, remove duplicate arguments, lower backward wrappers, specialize mutation \
                  epilogues, inline alias replay",
        passes: "wrap-orchestrate,wrap-flatten-subclasses,wrap-merge-view-inputs,wrap-remove-dupe-args,\
                 wrap-lower-backward-wrapper,wrap-specialize-mutation-epilogue,wrap-inline-alias-replay",
    },
    PipelineDef {
        name: "wrap-lower-to-llvm",
        summary: "Specialized wrap IR to the LLVM dialect: wrapc's lowering, then upstream's",
        // One convert-to-llvm (arith, cf, func, index and memref through
        // their ConvertToLLVMPatternInterface, registered with the dialects)
        // instead of a pass per dialect: each of those walked the whole
        // module and re-checked every op. Not the one-shot driver
        // (allow-pattern-rollback=false), though 0.9 s faster on 10,000
        // launches: a kernel payload the conversion cannot finish (arith on
        // tensors) makes it abort the process where the default driver
        // rolls back and wrap-check-lowered names the op.
        //
        // bf16 arithmetic in a host payload is done in f32 and its
        // conversions are expanded to integer ops first: LLVM would call
        // compiler-rt's __truncsfbf2, which neither libgcc_s nor the JIT
        // provides.
        passes: "func.func(arith-emulate-unsupported-floats{source-types=bf16 target-type=f32},\
                 arith-expand{include-bf16=true}),\
                 convert-wrap-to-llvm,convert-scf-to-cf,convert-to-llvm,reconcile-unrealized-casts,\
                 wrap-check-lowered",
    },
    PipelineDef {
        name: "wrap-lower-to-llvm-cuda",
        summary: "wrap-lower-to-llvm with GPU launches through lazily loaded, autotuned slots, MLIR kernels \
                  compiled to PTX first",
        passes: "wrap-attach-ptx,wrap-lower-lazy-launch,wrap-lower-to-llvm",
    },
];

/// wrapc's specialization pipeline: level 1 → straight-line level 2.
pub const SPECIALIZE: &str = "builtin.module(wrap-specialize)";
/// Specialized wrap IR → LLVM dialect.
pub const TO_LLVM: &str = "builtin.module(wrap-lower-to-llvm)";
/// [`TO_LLVM`] with kernel launches on the GPU through lazy slots.
pub const TO_LLVM_CUDA: &str = "builtin.module(wrap-lower-to-llvm-cuda)";

/// The options of `wrap-lower-to-llvm-cuda`'s passes, typed: what `wrapc
/// compile --target=cuda` runs is that pipeline with these.
#[derive(Clone, Copy, Debug)]
pub struct CudaOptions<'a> {
    pub chip: crate::transforms::attach_ptx::Chip,
    pub opt_level: u8,
    /// `wrap-lower-lazy-launch`'s `allow-file-dir` (UTF-8, no quotes).
    pub allow_file_dir: Option<&'a str>,
    pub cuda_graphs: bool,
}

impl CudaOptions<'_> {
    /// The pipeline's text: the registered `wrap-lower-to-llvm-cuda`'s
    /// passes, each given its options.
    pub fn pipeline(&self) -> String {
        let def = PIPELINES.iter().find(|p| p.name == "wrap-lower-to-llvm-cuda").expect("a registered pipeline");
        let passes: Vec<String> = def
            .passes
            .split(',')
            .map(|pass| match pass.trim() {
                "wrap-attach-ptx" => {
                    format!("wrap-attach-ptx{{chip={} opt-level={}}}", self.chip.name(), self.opt_level)
                }
                "wrap-lower-lazy-launch" => {
                    let mut options = Vec::new();
                    if let Some(dir) = self.allow_file_dir {
                        options.push(format!("allow-file-dir=\"{dir}\""));
                    }
                    if self.cuda_graphs {
                        options.push("cuda-graphs=true".to_string());
                    }
                    format!("wrap-lower-lazy-launch{{{}}}", options.join(" "))
                }
                other => other.to_string(),
            })
            .collect();
        format!("builtin.module({})", passes.join(","))
    }
}

/// Runs `pipeline` (MLIR's textual form) on `module` and verifies the
/// result. Returns the warnings the passes emitted; on failure, every error
/// diagnostic, one per line.
pub fn run_pipeline(context: &Context, module: &mut Module, pipeline: &str) -> Result<Vec<String>, String> {
    crate::register_upstream_passes();
    crate::register_passes();
    let diagnostics = Rc::new(RefCell::new(Vec::<String>::new()));
    let warnings = Rc::new(RefCell::new(Vec::<String>::new()));
    let (error_sink, warning_sink) = (diagnostics.clone(), warnings.clone());
    let handler = context.attach_diagnostic_handler(move |diagnostic| {
        let location = crate::ir::location_text(&diagnostic.location().to_string());
        match diagnostic.severity() {
            DiagnosticSeverity::Error => error_sink.borrow_mut().push(format!("{location}: error: {diagnostic}")),
            DiagnosticSeverity::Warning => warning_sink.borrow_mut().push(format!("{location}: warning: {diagnostic}")),
            _ => {}
        }
        true
    });
    let manager = PassManager::new(context);
    // The module is verified once, after the whole pipeline (below): verifying
    // after every pass costs as much as a pass on large programs.
    manager.enable_verifier(false);
    let outcome = parse_pass_pipeline(manager.as_operation_pass_manager(), pipeline)
        .map_err(|e| format!("invalid pass pipeline '{pipeline}': {e}"))
        .and_then(|()| manager.run(module).map_err(|_| String::new()))
        .and_then(|()| if module.as_operation().verify() { Ok(()) } else { Err(String::new()) });
    context.detach_diagnostic_handler(handler);
    let warnings = warnings.borrow().clone();
    outcome.map(|()| warnings).map_err(|message| {
        let mut lines = diagnostics.borrow().clone();
        if !message.is_empty() {
            lines.push(message);
        }
        if lines.is_empty() {
            lines.push("pass pipeline failed".into());
        }
        lines.join("\n")
    })
}
