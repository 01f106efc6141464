//! The native ABI as the lowering spells it: the tensor header and slot
//! layouts compiled code reads inline (`wrapc_runtime.h`), status codes, and
//! the signature of every runtime function it calls.

use melior::ir::Type;

pub(super) use wrapc_abi::RuntimeFn;
use wrapc_abi::{CType, Status, SLOT_ENTRY as SLOT_ENTRY_LAYOUT, TENSOR_HEADER};

/// The C-layout header every `wrt_tensor` starts with (wrapc_abi's
/// `TENSOR_HEADER`, `wrt_tensor_header` in wrapc_runtime.h).
pub(super) fn header_type() -> &'static str {
    static TYPE: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    TYPE.get_or_init(|| TENSOR_HEADER.llvm_type())
}

pub(super) const HEADER_DTYPE: i32 = TENSOR_HEADER.index("dtype") as i32;
pub(super) const HEADER_DEVICE: i32 = TENSOR_HEADER.index("device_kind") as i32;
pub(super) const HEADER_RANK: i32 = TENSOR_HEADER.index("rank") as i32;
pub(super) const HEADER_OFFSET: i32 = TENSOR_HEADER.index("storage_offset") as i32;
pub(super) const HEADER_SIZES: i32 = TENSOR_HEADER.index("sizes") as i32;
pub(super) const HEADER_STRIDES: i32 = TENSOR_HEADER.index("strides") as i32;
pub(super) const HEADER_VERSION: i32 = TENSOR_HEADER.index("version") as i32;
pub(super) const HEADER_DATA: i32 = TENSOR_HEADER.index("data") as i32;
pub(super) const HEADER_DEVICE_INDEX: i32 = TENSOR_HEADER.index("device_index") as i32;
pub(super) const HEADER_SUBCLASS: i32 = TENSOR_HEADER.index("subclass") as i32;

/// `wrt_cuda_slot_entry`, one per device ordinal of a kernel's slot.
pub(super) fn slot_entry_type() -> &'static str {
    static TYPE: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    TYPE.get_or_init(|| SLOT_ENTRY_LAYOUT.llvm_type())
}

// The fast path's acquire load reads `function` at the entry's address.
const _: () = assert!(SLOT_ENTRY_LAYOUT.index("function") == 0);
pub(super) const SLOT_LAUNCH: i32 = SLOT_ENTRY_LAYOUT.index("launch") as i32;
pub(super) const SLOT_STREAM: i32 = SLOT_ENTRY_LAYOUT.index("stream") as i32;
pub(super) const SLOT_DIVISOR: i32 = SLOT_ENTRY_LAYOUT.index("divisor") as i32;
pub(super) const SLOT_THREADS: i32 = SLOT_ENTRY_LAYOUT.index("threads") as i32;
pub(super) const SLOT_SHARED_BYTES: i32 = SLOT_ENTRY_LAYOUT.index("shared_bytes") as i32;

pub(super) const SLOT_ENTRY_BYTES: i64 = wrapc_abi::SLOT_ENTRY_BYTES as i64;

pub(super) const MAX_DEVICES: i64 = wrapc_abi::MAX_DEVICES as i64;

/// CUDA's `gridDim` limits (x, y, z).
pub(super) const GRID_LIMITS: [i64; 3] =
    [wrapc_abi::GRID_LIMITS[0] as i64, wrapc_abi::GRID_LIMITS[1] as i64, wrapc_abi::GRID_LIMITS[2] as i64];

/// Ranks the header holds.
pub(super) const MAX_RANK: usize = wrapc_abi::MAX_RANK;

/// The status the generated prologue returns for bad argument arrays.
pub(super) const WRT_ERR_ARG: i64 = Status::Arg.code() as i64;

/// How a C type at the runtime's boundary is spelled in MLIR: C `bool`
/// travels as i8, `size_t` as i64 (64 bits on every supported target).
/// The opaque pointer type: every handle, slot and array the lowering
/// passes.
pub(super) const PTR: &str = "!llvm.ptr";

pub(super) fn mlir_type(ty: CType) -> &'static str {
    match ty {
        CType::Bool => "i8",
        CType::I32 => "i32",
        CType::I64 | CType::Size => "i64",
        CType::Ptr => PTR,
        // A trampoline's address (`FnLowering::trampoline_address`).
        CType::HostKernel => PTR,
    }
}

pub(super) fn dtype_code(element: Type) -> Option<i64> {
    wrapc_dialects::element_dtype(element).map(|d| i64::from(d.code()))
}

/// The type of a launch trampoline: argument array, then px, py, pz.
pub(super) const TRAMPOLINE_TYPE: &str = "(!llvm.ptr, i64, i64, i64) -> ()";
