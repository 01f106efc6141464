//! The native ABI between compiled wrappers and the runtime, defined once.
//!
//! The runtime (`wrapc-runtime`) lays its structs out to match this (and
//! its tests check `offset_of!` against it), the lowering
//! (`convert-wrap-to-llvm`) reads and writes them through the LLVM types
//! derived here, and `runtime/include/wrapc_runtime.h` is checked against
//! it by a test, as are the signatures of the runtime functions compiled
//! code calls ([`RuntimeFn`]). No dependencies: both sides, and tools, can use it.

mod memory_format;
mod runtime_fn;
pub use memory_format::{MemoryFormat, TangentLayout, STRIDED_CODE};
pub use runtime_fn::{CType, RuntimeFn, Signature};

/// A `wrt_status` code: what every fallible runtime call and compiled
/// entry point returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(i32)]
pub enum Status {
    Ok = 0,
    /// A required pointer was null.
    Null = 1,
    /// Unknown or mismatched dtype.
    Dtype = 2,
    /// Sizes or strides inconsistent or not broadcastable.
    Shape = 3,
    /// Unknown or mismatched device.
    Device = 4,
    /// A view reaches outside its storage.
    Bounds = 5,
    /// Any other invalid argument.
    Arg = 6,
    /// Out of memory.
    Alloc = 7,
    /// Valid, but not supported by this build.
    Unsupported = 8,
    /// A bug in the runtime.
    Internal = 9,
    /// A CUDA driver call failed; the message names it.
    Cuda = 10,
}

impl Status {
    pub const ALL: [Status; 11] = [
        Status::Ok,
        Status::Null,
        Status::Dtype,
        Status::Shape,
        Status::Device,
        Status::Bounds,
        Status::Arg,
        Status::Alloc,
        Status::Unsupported,
        Status::Internal,
        Status::Cuda,
    ];

    /// The C enumerator (`WRT_ERR_ARG`).
    pub const fn c_name(self) -> &'static str {
        match self {
            Status::Ok => "WRT_OK",
            Status::Null => "WRT_ERR_NULL",
            Status::Dtype => "WRT_ERR_DTYPE",
            Status::Shape => "WRT_ERR_SHAPE",
            Status::Device => "WRT_ERR_DEVICE",
            Status::Bounds => "WRT_ERR_BOUNDS",
            Status::Arg => "WRT_ERR_ARG",
            Status::Alloc => "WRT_ERR_ALLOC",
            Status::Unsupported => "WRT_ERR_UNSUPPORTED",
            Status::Internal => "WRT_ERR_INTERNAL",
            Status::Cuda => "WRT_ERR_CUDA",
        }
    }

    pub const fn code(self) -> i32 {
        self as i32
    }
}

/// A `wrt_dtype` code and the MLIR element type it stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(i32)]
pub enum DtypeCode {
    F16 = 0,
    BF16 = 1,
    F32 = 2,
    F64 = 3,
    I8 = 4,
    I32 = 5,
    I64 = 6,
    Bool = 7,
    U8 = 8,
    I16 = 9,
}

impl DtypeCode {
    pub const ALL: [DtypeCode; 10] = [
        DtypeCode::F16,
        DtypeCode::BF16,
        DtypeCode::F32,
        DtypeCode::F64,
        DtypeCode::I8,
        DtypeCode::I32,
        DtypeCode::I64,
        DtypeCode::Bool,
        DtypeCode::U8,
        DtypeCode::I16,
    ];

    /// The MLIR element type (`bf16`, `i1` for bool).
    pub const fn mlir_element(self) -> &'static str {
        match self {
            DtypeCode::F16 => "f16",
            DtypeCode::BF16 => "bf16",
            DtypeCode::F32 => "f32",
            DtypeCode::F64 => "f64",
            DtypeCode::I8 => "i8",
            DtypeCode::I32 => "i32",
            DtypeCode::I64 => "i64",
            DtypeCode::Bool => "i1",
            DtypeCode::U8 => "ui8",
            DtypeCode::I16 => "i16",
        }
    }

    /// The C enumerator (`WRT_F32`).
    pub const fn c_name(self) -> &'static str {
        match self {
            DtypeCode::F16 => "WRT_F16",
            DtypeCode::BF16 => "WRT_BF16",
            DtypeCode::F32 => "WRT_F32",
            DtypeCode::F64 => "WRT_F64",
            DtypeCode::I8 => "WRT_I8",
            DtypeCode::I32 => "WRT_I32",
            DtypeCode::I64 => "WRT_I64",
            DtypeCode::Bool => "WRT_BOOL",
            DtypeCode::U8 => "WRT_U8",
            DtypeCode::I16 => "WRT_I16",
        }
    }

    /// The dtype's name in the runtime, the C header's documentation, the
    /// interpreter and the compiler's entry-point metadata: the MLIR element
    /// type, except `bool` where MLIR says `i1`.
    pub const fn name(self) -> &'static str {
        match self {
            DtypeCode::Bool => "bool",
            other => other.mlir_element(),
        }
    }

    pub fn from_name(name: &str) -> Option<DtypeCode> {
        DtypeCode::ALL.into_iter().find(|d| d.name() == name)
    }

    pub fn from_mlir_element(name: &str) -> Option<DtypeCode> {
        DtypeCode::ALL.into_iter().find(|d| d.mlir_element() == name)
    }

    pub const fn code(self) -> i32 {
        self as i32
    }
}

/// The most dimensions a tensor may have: the header has room for this many
/// sizes and strides.
pub const MAX_RANK: usize = 8;

/// `WRT_SUBCLASS_ATTR`: the dtype `wrt_subclass_attr` takes for an
/// attribute that is itself a tensor-subclass instance (no dtype code is
/// negative).
pub const SUBCLASS_ATTR_DTYPE: i32 = -1;

/// The CUDA device ordinals a kernel slot has entries for.
pub const MAX_DEVICES: usize = 8;

/// Suffix of the constant a compiled library exports per entry point that
/// has arguments an embedder may lend (`wrt_borrowed_tensor`):
/// `<entry>_borrowed`, one byte per argument, 1 where it may.
pub const BORROWED_SUFFIX: &str = "_borrowed";

/// CUDA's `gridDim` limits (x, y, z).
pub const GRID_LIMITS: [u64; 3] = [(1 << 31) - 1, 65535, 65535];

/// A field of a C-layout struct compiled code reads inline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    I32,
    I64,
    Ptr,
    /// `n` consecutive `i64`s.
    I64Array(usize),
}

impl Field {
    const fn size(self) -> usize {
        match self {
            Field::I32 => 4,
            Field::I64 | Field::Ptr => 8,
            Field::I64Array(n) => 8 * n,
        }
    }
    const fn align(self) -> usize {
        match self {
            Field::I32 => 4,
            _ => 8,
        }
    }
    fn llvm(self) -> String {
        match self {
            Field::I32 => "i32".into(),
            Field::I64 => "i64".into(),
            Field::Ptr => "ptr".into(),
            Field::I64Array(n) => format!("array<{n} x i64>"),
        }
    }
}

const fn str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// A C-layout struct: named fields in order.
pub struct Layout {
    pub fields: &'static [(&'static str, Field)],
}

impl Layout {
    /// Index of field `name` (for `llvm.getelementptr`); a compile error in
    /// a `const` when the field does not exist.
    pub const fn index(&self, name: &str) -> usize {
        let mut i = 0;
        while i < self.fields.len() {
            if str_eq(self.fields[i].0, name) {
                return i;
            }
            i += 1;
        }
        panic!("no such ABI field")
    }

    /// Byte offset of field `name` under C's layout rules (a compile error
    /// in a `const` when the field does not exist).
    pub const fn offset(&self, name: &str) -> usize {
        let mut offset: usize = 0;
        let mut i = 0;
        while i < self.fields.len() {
            let (field_name, field) = self.fields[i];
            offset = offset.next_multiple_of(field.align());
            if str_eq(field_name, name) {
                return offset;
            }
            offset += field.size();
            i += 1;
        }
        panic!("no such ABI field")
    }

    /// `sizeof` under C's layout rules.
    pub const fn size(&self) -> usize {
        let mut offset: usize = 0;
        let mut align: usize = 1;
        let mut i = 0;
        while i < self.fields.len() {
            let field = self.fields[i].1;
            offset = offset.next_multiple_of(field.align()) + field.size();
            if field.align() > align {
                align = field.align();
            }
            i += 1;
        }
        offset.next_multiple_of(align)
    }

    /// The LLVM dialect struct type (`!llvm.struct<(i32, ...)>`).
    pub fn llvm_type(&self) -> String {
        let fields: Vec<String> = self.fields.iter().map(|(_, f)| f.llvm()).collect();
        format!("!llvm.struct<({})>", fields.join(", "))
    }
}

/// `wrt_tensor_header`: what every `wrt_tensor` starts with. Compiled code
/// reads dtype, device, rank, sizes, strides and offset, and bumps the
/// version counter, with plain loads and stores.
pub const TENSOR_HEADER: Layout = Layout {
    fields: &[
        ("dtype", Field::I32),
        ("device_kind", Field::I32),
        ("rank", Field::I64),
        ("storage_offset", Field::I64),
        ("sizes", Field::I64Array(MAX_RANK)),
        ("strides", Field::I64Array(MAX_RANK)),
        // A pointer to the shared version counter (an atomic u64).
        ("version", Field::Ptr),
        // The storage's base address (device memory for CUDA tensors).
        ("data", Field::Ptr),
        // The CUDA device ordinal (0 on the host).
        ("device_index", Field::I32),
        // 1 for a tensor-subclass instance (which owns no data), else 0.
        ("subclass", Field::I32),
        // Nonzero for a header an embedder filled for one call over a
        // tensor of its own (`wrt_borrowed_tensor`), or a view of one the
        // runtime made: no runtime object stands behind it, so only
        // compiled code's inline reads and bumps may touch it, and only
        // arguments the library lists as borrowable (`<entry>_borrowed`)
        // are passed so. 0 for every runtime tensor.
        ("borrowed", Field::I32),
    ],
};

/// `wrt_cuda_slot_entry`: one per device ordinal in a kernel's slot, read
/// by the inline launch fast path.
pub const SLOT_ENTRY: Layout = Layout {
    fields: &[
        ("function", Field::Ptr),
        ("launch", Field::Ptr),
        ("stream", Field::Ptr),
        ("divisor", Field::I64Array(3)),
        ("threads", Field::I32),
        ("shared_bytes", Field::I32),
        ("failed", Field::I32),
    ],
};

/// Bytes of one slot entry as the runtime pads it (a cache line).
pub const SLOT_ENTRY_BYTES: usize = 64;

/// Bytes of `wrt_cuda_slot`, the zero-initialized mutable global a kernel's
/// launches share: one entry per device ordinal.
pub const SLOT_BYTES: usize = MAX_DEVICES * SLOT_ENTRY_BYTES;

/// `wrt_cuda_config`: one autotune configuration (`#wrap.config`), an
/// element of the constant array a kernel's descriptor points to.
pub const CUDA_CONFIG: Layout = Layout {
    fields: &[
        ("block", Field::I64Array(3)),
        ("num_warps", Field::I32),
        ("shared_bytes", Field::I32),
        // Null in compiled code (the config's name is for messages).
        ("name", Field::Ptr),
    ],
};

/// `wrt_cuda_kernel`: a kernel's constant descriptor, which the lowering
/// emits as a global and the runtime reads when it first loads the kernel.
pub const CUDA_KERNEL: Layout = Layout {
    fields: &[
        // PTX text (NUL-terminated) or a cubin.
        ("image", Field::Ptr),
        ("image_size", Field::I64),
        // The entry's NUL-terminated name.
        ("entry", Field::Ptr),
        ("configs", Field::Ptr),
        ("num_configs", Field::I64),
    ],
};

/// Bytes of `wrt_cuda_graph_slot`, the zero-initialized global of a
/// CUDA-graph-mode entry point (one pointer the runtime owns).
pub const GRAPH_SLOT_BYTES: usize = 8;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layouts_follow_c_rules() {
        let offsets: Vec<usize> = TENSOR_HEADER.fields.iter().map(|(name, _)| TENSOR_HEADER.offset(name)).collect();
        assert_eq!(offsets, [0, 4, 8, 16, 24, 88, 152, 160, 168, 172, 176]);
        assert_eq!(TENSOR_HEADER.size(), 184);
        assert_eq!(
            TENSOR_HEADER.llvm_type(),
            "!llvm.struct<(i32, i32, i64, i64, array<8 x i64>, array<8 x i64>, ptr, ptr, i32, i32, i32)>"
        );
        assert!(SLOT_ENTRY.size() <= SLOT_ENTRY_BYTES);
        assert_eq!(CUDA_CONFIG.size(), 40);
        assert_eq!(CUDA_KERNEL.llvm_type(), "!llvm.struct<(ptr, i64, ptr, ptr, i64)>");
        assert_eq!(SLOT_ENTRY.index("divisor"), 3);
    }

    #[test]
    fn codes_are_dense_and_named() {
        for (i, s) in Status::ALL.iter().enumerate() {
            assert_eq!(s.code(), i as i32);
        }
        for (i, d) in DtypeCode::ALL.iter().enumerate() {
            assert_eq!(d.code(), i as i32);
            assert_eq!(DtypeCode::from_mlir_element(d.mlir_element()), Some(*d));
        }
    }
}
