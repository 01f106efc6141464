//! Size, stride and extent arithmetic, checked: sizes, strides and offsets
//! come from user IR and run-time ints, and a wrapped sum would pass a
//! bounds check.

use crate::{Result, RuntimeError};

/// Whether `strides` are the row-major strides of `sizes` (no allocation).
pub(super) fn is_row_major(sizes: &[i64], strides: &[i64]) -> bool {
    let mut expected = 1;
    for (&size, &stride) in sizes.iter().zip(strides).rev() {
        if stride != expected {
            return false;
        }
        expected = size.max(1).saturating_mul(expected);
    }
    true
}

/// The row-major strides of `sizes`, or an error when they overflow.
pub fn contiguous_strides(sizes: &[i64]) -> Result<Vec<i64>> {
    let mut strides = vec![1i64; sizes.len()];
    for i in (0..sizes.len().saturating_sub(1)).rev() {
        strides[i] = strides[i + 1]
            .checked_mul(sizes[i + 1].max(1))
            .ok_or_else(|| RuntimeError::Shape(format!("sizes {sizes:?} have strides larger than 64 bits can hold")))?;
    }
    Ok(strides)
}

pub(crate) fn check_sizes(sizes: &[i64], strides: &[i64]) -> Result<()> {
    if sizes.len() != strides.len() {
        return Err(RuntimeError::Shape(format!("{} sizes but {} strides", sizes.len(), strides.len())));
    }
    if let Some(s) = sizes.iter().find(|&&s| s < 0) {
        return Err(RuntimeError::Shape(format!("negative size {s} in {sizes:?}")));
    }
    if let Some(s) = strides.iter().find(|&&s| s < 0) {
        return Err(RuntimeError::Shape(format!("negative stride {s} in {strides:?}")));
    }
    checked_numel(sizes).map(drop)
}

/// One past the last element a view reaches (0 for an empty view), or an
/// error when that index does not fit in 64 bits: sizes, strides and
/// offsets come from user IR and run-time ints, and a wrapped sum would
/// pass the bounds check.
pub(crate) fn extent(sizes: &[i64], strides: &[i64], offset: i64) -> Result<i64> {
    if sizes.contains(&0) {
        return Ok(0);
    }
    let overflow = || {
        RuntimeError::Bounds(format!(
            "view sizes {sizes:?} strides {strides:?} offset {offset} reach past the largest 64-bit element index"
        ))
    };
    let mut end = offset.checked_add(1).ok_or_else(overflow)?;
    for (&n, &s) in sizes.iter().zip(strides) {
        end = (n - 1).checked_mul(s).and_then(|reach| end.checked_add(reach)).ok_or_else(overflow)?;
    }
    Ok(end)
}

/// One past the last element a valid view reaches, in one pass: None when
/// anything is off (rank mismatch, a negative size, stride or offset, an
/// overflow), for the callers' detailed checks to name. The hot path of
/// making a view.
pub(super) fn view_extent(sizes: &[i64], strides: &[i64], offset: i64) -> Option<i64> {
    if sizes.len() != strides.len() || offset < 0 {
        return None;
    }
    let (mut numel, mut end) = (1i64, offset.checked_add(1)?);
    for (&n, &s) in sizes.iter().zip(strides) {
        if n < 0 || s < 0 {
            return None;
        }
        numel = numel.checked_mul(n)?;
        if n > 0 {
            end = end.checked_add((n - 1).checked_mul(s)?)?;
        }
    }
    Some(if numel == 0 { 0 } else { end })
}

/// The element count of `sizes`, or an error when it does not fit in 64
/// bits (a stride-0 view can have far more elements than its storage).
pub(super) fn checked_numel(sizes: &[i64]) -> Result<i64> {
    sizes
        .iter()
        .try_fold(1i64, |n, &d| n.checked_mul(d))
        .ok_or_else(|| RuntimeError::Shape(format!("sizes {sizes:?} have more elements than 64-bit sizes can count")))
}
