//! The native ABI as the lowering spells it: the tensor header and slot
//! layouts compiled code reads inline (`wrapc_runtime.h`), status codes, and
//! the signature of every runtime function it calls.

use melior::ir::Type;

/// The C-layout header every `wrt_tensor` starts with (`wrt_tensor_header`
/// in wrapc_runtime.h): dtype, device kind, rank, storage offset, sizes,
/// strides, a pointer to the shared version counter, the storage's base
/// address and the CUDA device ordinal.
pub(super) const HEADER: &str = "!llvm.struct<(i32, i32, i64, i64, array<8 x i64>, array<8 x i64>, ptr, ptr, i32)>";

pub(super) const HEADER_DTYPE: i32 = 0;

pub(super) const HEADER_DEVICE: i32 = 1;

pub(super) const HEADER_RANK: i32 = 2;

pub(super) const HEADER_OFFSET: i32 = 3;

pub(super) const HEADER_SIZES: i32 = 4;

pub(super) const HEADER_STRIDES: i32 = 5;

pub(super) const HEADER_VERSION: i32 = 6;

pub(super) const HEADER_DATA: i32 = 7;

pub(super) const HEADER_DEVICE_INDEX: i32 = 8;

/// `wrt_cuda_slot_entry` (runtime/src/cuda/slot.rs): function, launch,
/// stream, divisor[3], threads, shared bytes, failed; one per device ordinal.
pub(super) const SLOT_ENTRY: &str = "!llvm.struct<(ptr, ptr, ptr, array<3 x i64>, i32, i32, i32)>";

pub(super) const SLOT_ENTRY_BYTES: i64 = 64;

pub(super) const MAX_DEVICES: i64 = 8;

/// CUDA's `gridDim` limits (x, y, z).
pub(super) const GRID_LIMITS: [i64; 3] = [(1 << 31) - 1, 65535, 65535];

/// LLVM's `acquire` atomic ordering.
pub(super) const ACQUIRE: &str = "4 : i64";

/// Ranks the header holds.
pub(super) const MAX_RANK: usize = 8;

/// wrt_status codes the generated code itself returns.
pub(super) const WRT_ERR_ARG: i64 = 6;

/// The runtime's signatures, in MLIR types. C `bool` travels as i8.
pub(super) fn runtime_signature(name: &str) -> (&'static [&'static str], &'static [&'static str]) {
    const P: &str = "!llvm.ptr";
    match name {
        "wrt_grad_enabled" => (&[], &["i8"]),
        "wrt_set_grad_enabled" => (&["i8"], &[]),
        "wrt_set_error" => (&[P], &[]),
        "wrt_tensor_release" => (&[P], &[]),
        "wrt_tensor_retain" | "wrt_detach" => (&[P, P], &["i32"]),
        "wrt_bump_version" => (&[P], &["i32"]),
        "wrt_set_"
        | "wrt_copy_"
        | "wrt_detach_copy_"
        | "wrt_as_strided_like_"
        | "wrt_assert_finite"
        | "wrt_scalar_i64" => (&[P, P], &["i32"]),
        "wrt_set_requires_grad" => (&[P, "i8"], &["i32"]),
        "wrt_patch_requires_grad" => (&[P, P, "i8", P], &["i32"]),
        "wrt_view_dtype" => (&[P, "i32", P], &["i32"]),
        "wrt_mark_dynamic" => (&[P, "i64"], &["i32"]),
        "wrt_tensor_size" | "wrt_tensor_stride" => (&[P, "i64"], &["i64"]),
        "wrt_tensor_storage_offset" => (&[P], &["i64"]),
        "wrt_tensor_data_ptr" => (&[P], &[P]),
        "wrt_as_strided" => (&[P, "i64", P, P, "i64", P], &["i32"]),
        "wrt_assert_size_stride" => (&[P, "i64", P, P], &["i32"]),
        "wrt_empty_strided" => (&["i32", "i32", "i32", "i64", P, P, P], &["i32"]),
        "wrt_check_argument" => (&[P, P, "i64", "i32", "i32", "i64", P], &["i32"]),
        "wrt_scalar_from_i64" => (&["i64", P], &["i32"]),
        "wrt_launch_host" => (&[TRAMPOLINE_TYPE, "i64", "i64", "i64", P], &["i32"]),
        "wrt_cuda_launch_slow" => (&[P, P, "i32", P, P, "i64", P, "i32", "i32"], &["i32"]),
        "wrt_cuda_guard_enter" => (&["i32", P], &["i32"]),
        "wrt_cuda_guard_exit" => (&["i32", P], &["i32"]),
        other => unreachable!("no runtime signature for {other}"),
    }
}

pub(super) fn dtype_code(element: Type) -> Option<i64> {
    Some(match element.to_string().as_str() {
        "f16" => 0,
        "bf16" => 1,
        "f32" => 2,
        "f64" => 3,
        "i8" => 4,
        "i32" => 5,
        "i64" => 6,
        "i1" => 7,
        _ => return None,
    })
}

/// The type of a launch trampoline: argument array, then px, py, pz.
pub(super) const TRAMPOLINE_TYPE: &str = "(!llvm.ptr, i64, i64, i64) -> ()";
