//! `wrap-attach-ptx`: every kernel with a host (MLIR) payload and no GPU
//! payload gets the PTX compiled from it as its `ptx` attribute, for
//! `wrap-lower-lazy-launch` to embed. The compilation itself (outlining a
//! copy, upstream's NVVM conversions, LLVM's NVPTX back end) is the code
//! generator's: `wrapc-codegen` installs it with [`install_backend`], so
//! that this crate stays below LLVM's target machines while the pass, its
//! options and its place in the named pipelines are Passes.td's.

use std::sync::OnceLock;

use melior::ir::attribute::StringAttribute;
use melior::ir::operation::{OperationMutLike, OperationRef};
use wrapc_dialects::WrapOp;

use crate::ir::{self, PassResult};
use crate::Options;

/// The GPU architectures PTX is generated for (the `chip` option).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Chip {
    Sm80,
    Sm90,
}

impl Chip {
    pub const ALL: [Chip; 2] = [Chip::Sm80, Chip::Sm90];

    /// The option's and LLVM's spelling (`sm_90`).
    pub const fn name(self) -> &'static str {
        match self {
            Chip::Sm80 => "sm_80",
            Chip::Sm90 => "sm_90",
        }
    }

    pub fn from_name(name: &str) -> Option<Chip> {
        Chip::ALL.into_iter().find(|chip| chip.name() == name)
    }
}

/// Compiles every kernel of `module` that needs device code to one PTX
/// text, for `chip` at LLVM optimization level `opt_level` (0-3); an error
/// is a message.
pub type Backend = fn(module: OperationRef, chip: Chip, opt_level: u8) -> Result<String, String>;

static BACKEND: OnceLock<Backend> = OnceLock::new();

/// Installs the PTX back end (once per process; later calls keep the first).
pub fn install_backend(backend: Backend) {
    let _ = BACKEND.set(backend);
}

pub fn run(module: OperationRef, options: &Options) -> PassResult {
    let options = crate::WrapAttachPtxOptions::from(options);
    let chip = Chip::from_name(&options.chip).map_or_else(
        || ir::fail(module, &format!("wrap-attach-ptx: chip '{}' is not one of sm_80, sm_90", options.chip)),
        Ok,
    )?;
    let opt_level = match options.opt_level.parse::<u8>() {
        Ok(level) if level <= 3 => level,
        _ => return ir::fail(module, &format!("wrap-attach-ptx: opt-level '{}' is not 0 to 3", options.opt_level)),
    };
    let kernels: Vec<_> = ir::collect_ops(module, WrapOp::Kernel.name())
        .into_iter()
        .filter(|kernel| crate::needs_gpu_code(*kernel))
        .collect();
    if kernels.is_empty() {
        return Ok(());
    }
    let Some(backend) = BACKEND.get() else {
        return ir::fail(
            module,
            "wrap-attach-ptx: this tool has no PTX back end (wrapc-codegen installs it: wrapc, wrapc-opt)",
        );
    };
    let ptx = backend(module, chip, opt_level).or_else(|message| ir::fail(module, &message))?;
    let text = StringAttribute::new(ir::context_of(module), &ptx).into();
    for kernel in kernels {
        ir::as_mut(kernel).set_attribute("ptx", text);
    }
    Ok(())
}
