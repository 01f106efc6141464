//! The type converter: how each type of the wrap IR is represented in the
//! lowered function, in the runtime's 8-byte argument cells and across
//! wrapc's C ABI. The lowering classifies a type here, never by its text.

use melior::ir::r#type::IntegerType;
use melior::ir::{Type, TypeLike};

use super::is_wrap_type;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Lowered {
    /// A tensor or subclass value: a runtime handle, `!llvm.ptr`.
    Handle,
    /// `index`, kept as it is in the function (the graph's own arith on
    /// sizes stays); an i64 in runtime calls and cells.
    Index,
    /// A signless integer of this many bits; sign-extended in a cell.
    Int(u32),
    /// A float of this many bits (a kernel's scalar argument).
    Float(u32),
}

/// What a value of `ty` is lowered to; `None` for a type the lowering
/// cannot represent.
pub(super) fn convert(ty: Type) -> Option<Lowered> {
    if is_wrap_type(ty) {
        return Some(Lowered::Handle);
    }
    if ty.is_index() {
        return Some(Lowered::Index);
    }
    if let Ok(int) = IntegerType::try_from(ty) {
        return int.is_signless().then(|| Lowered::Int(int.width()));
    }
    // SAFETY: `ty` is a live type; the width is read only of a float type.
    unsafe {
        let raw = ty.to_raw();
        mlir_sys::mlirTypeIsAFloat(raw).then(|| Lowered::Float(mlir_sys::mlirFloatTypeGetWidth(raw)))
    }
}

/// Whether a value of `ty` is an integer that crosses wrapc's C ABI, boxed
/// in a 0-d i64 tensor (a symbolic int: `index`, `i64` or `i32`).
pub(super) fn is_boxed_int(ty: Type) -> bool {
    matches!(convert(ty), Some(Lowered::Index | Lowered::Int(32 | 64)))
}

/// Whether a value of `ty` crosses wrapc's C ABI: a handle or a boxed int.
pub(super) fn crosses_abi(ty: Type) -> bool {
    convert(ty) == Some(Lowered::Handle) || is_boxed_int(ty)
}
