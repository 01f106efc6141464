//! Element types and devices.

/// Element type of a tensor; the codes are part of the C ABI.
#[repr(i32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DType {
    F16 = wrapc_abi::DtypeCode::F16 as i32,
    BF16 = wrapc_abi::DtypeCode::BF16 as i32,
    F32 = wrapc_abi::DtypeCode::F32 as i32,
    F64 = wrapc_abi::DtypeCode::F64 as i32,
    I8 = wrapc_abi::DtypeCode::I8 as i32,
    I32 = wrapc_abi::DtypeCode::I32 as i32,
    I64 = wrapc_abi::DtypeCode::I64 as i32,
    Bool = wrapc_abi::DtypeCode::Bool as i32,
    U8 = wrapc_abi::DtypeCode::U8 as i32,
    I16 = wrapc_abi::DtypeCode::I16 as i32,
}

impl DType {
    pub const ALL: [DType; 10] = [
        DType::F16,
        DType::BF16,
        DType::F32,
        DType::F64,
        DType::I8,
        DType::I32,
        DType::I64,
        DType::Bool,
        DType::U8,
        DType::I16,
    ];

    pub fn element_size(self) -> usize {
        match self {
            DType::I8 | DType::U8 | DType::Bool => 1,
            DType::F16 | DType::BF16 | DType::I16 => 2,
            DType::F32 | DType::I32 => 4,
            DType::F64 | DType::I64 => 8,
        }
    }

    /// The ABI's definition of this dtype, which names it.
    pub fn abi(self) -> wrapc_abi::DtypeCode {
        let code = self as i32;
        wrapc_abi::DtypeCode::ALL.into_iter().find(|c| c.code() == code).expect("each DType is one of the ABI's")
    }

    /// See [`wrapc_abi::DtypeCode::name`].
    pub fn name(self) -> &'static str {
        self.abi().name()
    }

    pub fn from_name(name: &str) -> Option<DType> {
        DType::from_code(wrapc_abi::DtypeCode::from_name(name)?.code())
    }

    pub fn from_code(code: i32) -> Option<DType> {
        DType::ALL.into_iter().find(|&d| d as i32 == code)
    }

    /// The values an integer dtype holds (`None` for floating point and
    /// bool, which take any number).
    pub fn integer_range(self) -> Option<(f64, f64)> {
        match self {
            DType::I8 => Some((i8::MIN.into(), i8::MAX.into())),
            DType::U8 => Some((0.0, u8::MAX.into())),
            DType::I16 => Some((i16::MIN.into(), i16::MAX.into())),
            DType::I32 => Some((i32::MIN.into(), i32::MAX.into())),
            DType::I64 => Some((i64::MIN as f64, i64::MAX as f64)),
            DType::F16 | DType::BF16 | DType::F32 | DType::F64 | DType::Bool => None,
        }
    }

    pub fn is_floating_point(self) -> bool {
        matches!(self, DType::F16 | DType::BF16 | DType::F32 | DType::F64)
    }
}

/// Where a tensor's storage lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Device {
    Host,
    Cuda(i32),
}

#[cfg(test)]
mod tests {
    use super::DType;
    use wrapc_abi::DtypeCode;

    /// The runtime's dtypes are the ABI's, one for one and in its order,
    /// each named by the ABI. A DtypeCode added without a DType fails here.
    #[test]
    fn dtypes_are_the_abis() {
        assert_eq!(DType::ALL.len(), DtypeCode::ALL.len());
        for (d, c) in DType::ALL.iter().zip(DtypeCode::ALL) {
            assert_eq!(*d as i32, c.code(), "{d:?}");
            assert_eq!(d.abi(), c);
            assert_eq!(DType::from_name(c.name()), Some(*d));
            assert_eq!(DType::from_code(c.code()), Some(*d));
        }
    }
}
