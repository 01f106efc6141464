//! wrapc's runtime: the tensor model PyTorch's runtime wrapper observes.
//!
//! A [`Tensor`] is a handle to a mutable tensor object (cloning the handle is
//! taking another Python reference to the same tensor). Tensors view a
//! refcounted [`Storage`]; views and `detach()` share the storage *and* the
//! version counter, as PyTorch's `VariableVersion` is shared. Grad mode is
//! per thread. This crate depends on neither LLVM nor MLIR.

#![deny(unsafe_op_in_unsafe_fn)]

mod biased;
pub mod borrowed;
pub mod capi;
pub mod cuda;
mod dtype;
mod embedder;
pub mod external;
mod ffi;
pub mod host;
mod last_error;
mod pool;
mod registry;
mod storage;
mod tensor;
mod thread;

pub use dtype::{DType, Device};
pub use storage::Storage;
pub use tensor::{contiguous_strides, header, Tensor, TensorObject, MAX_RANK};
pub use thread::{grad_enabled, set_grad_enabled};

/// Why a runtime operation failed. Messages name the offending values.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RuntimeError {
    #[error("dtype mismatch: {0}")]
    DType(String),
    #[error("shape mismatch: {0}")]
    Shape(String),
    #[error("device mismatch: {0}")]
    Device(String),
    #[error("out of bounds: {0}")]
    Bounds(String),
    #[error("invalid argument: {0}")]
    Argument(String),
    #[error("allocation failed: {0}")]
    Alloc(String),
    #[error("unsupported: {0}")]
    Unsupported(String),
    /// The embedder's backend failed with this status; its message is
    /// already recorded (`wrt_last_error`).
    #[error("embedder backend failed with status {0}")]
    External(i32),
}

pub type Result<T> = std::result::Result<T, RuntimeError>;
