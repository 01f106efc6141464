//! The layout a tangent is coerced to before a compiled backward graph
//! takes it (AOTAutograd's `MemoryFormatMeta`): `#wrap.layout`'s meaning,
//! shared by the interpreter, the runtime and the lowering.

/// A c10 memory format wrapc coerces to, with c10's codes (which
/// `#wrap.layout`'s enum in `WrapAttrs.td` repeats; a dialect test fails on
/// drift).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(i32)]
pub enum MemoryFormat {
    Contiguous = 0,
    ChannelsLast = 2,
    ChannelsLast3d = 3,
}

/// `wrt_coerce_layout`'s format code for "the traced sizes and strides".
pub const STRIDED_CODE: i32 = 16;

impl MemoryFormat {
    pub const ALL: [MemoryFormat; 3] =
        [MemoryFormat::Contiguous, MemoryFormat::ChannelsLast, MemoryFormat::ChannelsLast3d];

    pub const fn code(self) -> i32 {
        self as i32
    }

    pub fn from_code(code: i64) -> Option<Self> {
        Self::ALL.into_iter().find(|f| f.code() as i64 == code)
    }

    /// Its keyword in `#wrap.layout<...>`.
    pub const fn mlir_name(self) -> &'static str {
        match self {
            MemoryFormat::Contiguous => "contiguous",
            MemoryFormat::ChannelsLast => "channels_last",
            MemoryFormat::ChannelsLast3d => "channels_last_3d",
        }
    }

    /// The dimensions from the one with the largest stride to the one
    /// with stride 1, for a tensor of `rank` (`None`: the format does not
    /// apply to that rank).
    pub fn dim_order(self, rank: usize) -> Option<Vec<usize>> {
        match (self, rank) {
            (MemoryFormat::Contiguous, _) => Some((0..rank).collect()),
            // N, H, W, C.
            (MemoryFormat::ChannelsLast, 4) => Some(vec![0, 2, 3, 1]),
            // N, D, H, W, C.
            (MemoryFormat::ChannelsLast3d, 5) => Some(vec![0, 2, 3, 4, 1]),
            _ => None,
        }
    }
}

/// One `#wrap.layout`: a memory format, or the traced sizes and strides.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TangentLayout {
    Format(MemoryFormat),
    Strided { sizes: Vec<i64>, strides: Vec<i64> },
}

impl TangentLayout {
    /// The strides a tensor of `sizes` has in this layout (`None`: the
    /// layout does not apply to that rank).
    pub fn strides_for(&self, sizes: &[i64]) -> Option<Vec<i64>> {
        match self {
            TangentLayout::Strided { sizes: traced, strides } => (traced == sizes).then(|| strides.clone()),
            TangentLayout::Format(format) => {
                let order = format.dim_order(sizes.len())?;
                let mut strides = vec![0; sizes.len()];
                let mut next = 1i64;
                for &d in order.iter().rev() {
                    strides[d] = next;
                    next = next.checked_mul(sizes[d].max(1))?;
                }
                Some(strides)
            }
        }
    }

    /// Whether a tensor with `sizes` and `strides` already has this layout:
    /// exactly the traced geometry, or contiguous in the memory format with
    /// the strides of size-1 dimensions ignored and any empty tensor
    /// contiguous (`is_contiguous(memory_format)`).
    pub fn holds(&self, sizes: &[i64], strides: &[i64]) -> bool {
        match self {
            TangentLayout::Strided { sizes: traced, strides: traced_strides } => {
                traced == sizes && traced_strides == strides
            }
            TangentLayout::Format(format) => {
                let Some(order) = format.dim_order(sizes.len()) else { return false };
                if sizes.contains(&0) {
                    return true;
                }
                let mut expected = 1i64;
                for &d in order.iter().rev() {
                    if sizes[d] != 1 {
                        if strides[d] != expected {
                            return false;
                        }
                        expected = expected.saturating_mul(sizes[d]);
                    }
                }
                true
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn channels_last_strides_follow_pytorch() {
        // torch.empty(2, 3, 4, 5, memory_format=torch.channels_last).stride()
        let layout = TangentLayout::Format(MemoryFormat::ChannelsLast);
        assert_eq!(layout.strides_for(&[2, 3, 4, 5]), Some(vec![60, 1, 15, 3]));
        assert!(layout.holds(&[2, 3, 4, 5], &[60, 1, 15, 3]));
        assert!(!layout.holds(&[2, 3, 4, 5], &[60, 20, 5, 1]));
        // A size-1 channel dimension: any stride there.
        assert!(layout.holds(&[2, 1, 4, 5], &[20, 99, 5, 1]));
        assert_eq!(layout.strides_for(&[2, 3]), None);
    }

    #[test]
    fn contiguity_ignores_size_one_and_empty_dims() {
        let layout = TangentLayout::Format(MemoryFormat::Contiguous);
        assert_eq!(layout.strides_for(&[4, 3]), Some(vec![3, 1]));
        assert!(layout.holds(&[4, 1], &[1, 7]));
        assert!(!layout.holds(&[4, 3], &[1, 4]));
        assert!(layout.holds(&[0, 3], &[1, 1]));
        assert!(layout.holds(&[], &[]));
    }

    #[test]
    fn a_strided_layout_is_exact() {
        let layout = TangentLayout::Strided { sizes: vec![4, 3], strides: vec![1, 4] };
        assert!(layout.holds(&[4, 3], &[1, 4]));
        assert!(!layout.holds(&[4, 3], &[3, 1]));
        assert_eq!(layout.strides_for(&[4, 3]), Some(vec![1, 4]));
        assert_eq!(layout.strides_for(&[5, 3]), None);
    }

    #[test]
    fn codes_round_trip() {
        for f in MemoryFormat::ALL {
            assert_eq!(MemoryFormat::from_code(f.code() as i64), Some(f));
        }
        assert_eq!(MemoryFormat::from_code(STRIDED_CODE as i64), None);
    }
}
