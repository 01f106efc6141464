//! Device copies for the mutation epilogue: one `cuMemcpyDtoDAsync` when
//! both sides are dense in the same layout, else the built-in strided copy
//! kernel (one thread per element, up to `MAX_RANK` dimensions, elements of
//! 1, 2, 4 or 8 bytes).

use std::ffi::c_void;
use std::fmt::Write as _;
use std::sync::OnceLock;

use super::gpus::MAX_DEVICES;
use super::{Config, Driver, KernelSpec, LazyKernel, Result};
use crate::MAX_RANK;

pub const ENTRY: &str = "wrapc_strided_copy";
const THREADS: u64 = 256;

/// PTX of the strided copy kernel. Parameters (all u64): dst, src, numel,
/// element size in bytes, then `MAX_RANK` sizes, dst strides and src
/// strides (in elements; unused leading dimensions have size 1).
pub fn ptx() -> String {
    let mut p = String::from(".version 7.0\n.target sm_70\n.address_size 64\n\n");
    let params: Vec<String> = ["dst", "src", "numel", "esize"]
        .into_iter()
        .map(String::from)
        .chain((0..MAX_RANK).map(|d| format!("size{d}")))
        .chain((0..MAX_RANK).map(|d| format!("dstride{d}")))
        .chain((0..MAX_RANK).map(|d| format!("sstride{d}")))
        .map(|name| format!("    .param .u64 {name}"))
        .collect();
    writeln!(p, ".visible .entry {ENTRY}(\n{}\n)\n{{", params.join(",\n")).unwrap();
    p.push_str(
        "    .reg .pred %p<6>;\n    .reg .b32 %r<8>;\n    .reg .b64 %rd<16>;\n\
         \x20   mov.u32 %r1, %ctaid.x;\n    mov.u32 %r2, %ntid.x;\n    mov.u32 %r3, %tid.x;\n\
         \x20   mul.wide.u32 %rd1, %r1, %r2;\n    cvt.u64.u32 %rd2, %r3;\n    add.u64 %rd1, %rd1, %rd2;\n\
         \x20   ld.param.u64 %rd3, [numel];\n    setp.ge.u64 %p1, %rd1, %rd3;\n    @%p1 bra DONE;\n\
         \x20   mov.u64 %rd4, 0;\n    mov.u64 %rd5, 0;\n",
    );
    // Innermost dimension first: peel the index digit by digit.
    for d in (0..MAX_RANK).rev() {
        writeln!(
            p,
            "    ld.param.u64 %rd6, [size{d}];\n    rem.u64 %rd7, %rd1, %rd6;\n    div.u64 %rd1, %rd1, %rd6;\n\
             \x20   ld.param.u64 %rd8, [dstride{d}];\n    mad.lo.u64 %rd4, %rd7, %rd8, %rd4;\n\
             \x20   ld.param.u64 %rd8, [sstride{d}];\n    mad.lo.u64 %rd5, %rd7, %rd8, %rd5;"
        )
        .unwrap();
    }
    p.push_str(
        "    ld.param.u64 %rd9, [esize];\n    mul.lo.u64 %rd4, %rd4, %rd9;\n    mul.lo.u64 %rd5, %rd5, %rd9;\n\
         \x20   ld.param.u64 %rd10, [dst];\n    cvta.to.global.u64 %rd10, %rd10;\n    add.u64 %rd10, %rd10, %rd4;\n\
         \x20   ld.param.u64 %rd11, [src];\n    cvta.to.global.u64 %rd11, %rd11;\n    add.u64 %rd11, %rd11, %rd5;\n\
         \x20   setp.eq.u64 %p2, %rd9, 8;\n    @%p2 bra E8;\n    setp.eq.u64 %p3, %rd9, 4;\n    @%p3 bra E4;\n\
         \x20   setp.eq.u64 %p4, %rd9, 2;\n    @%p4 bra E2;\n\
         \x20   ld.global.u8 %r4, [%rd11];\n    st.global.u8 [%rd10], %r4;\n    bra DONE;\n\
         E2:\n    ld.global.u16 %r4, [%rd11];\n    st.global.u16 [%rd10], %r4;\n    bra DONE;\n\
         E4:\n    ld.global.u32 %r4, [%rd11];\n    st.global.u32 [%rd10], %r4;\n    bra DONE;\n\
         E8:\n    ld.global.u64 %rd12, [%rd11];\n    st.global.u64 [%rd10], %rd12;\n\
         DONE:\n    ret;\n}\n",
    );
    p
}

/// The arguments of one strided copy, laid out as the kernel takes them.
#[derive(Clone, Debug, PartialEq)]
pub struct CopyArgs {
    pub values: Vec<u64>,
}

impl CopyArgs {
    /// `sizes` with `dst_strides`/`src_strides` (elements) at the byte
    /// addresses `dst`/`src` (the first element of each view).
    pub fn new(
        dst: u64,
        src: u64,
        element_size: usize,
        sizes: &[i64],
        dst_strides: &[i64],
        src_strides: &[i64],
    ) -> CopyArgs {
        let pad = MAX_RANK - sizes.len();
        let padded = |values: &[i64], fill: u64| -> Vec<u64> {
            std::iter::repeat_n(fill, pad).chain(values.iter().map(|&v| v as u64)).collect()
        };
        let numel = sizes.iter().product::<i64>() as u64;
        let mut values = vec![dst, src, numel, element_size as u64];
        values.extend(padded(sizes, 1));
        values.extend(padded(dst_strides, 0));
        values.extend(padded(src_strides, 0));
        CopyArgs { values }
    }

    pub fn numel(&self) -> u64 {
        self.values[2]
    }
}

static KERNELS: [OnceLock<Result<LazyKernel>>; MAX_DEVICES] = [const { OnceLock::new() }; MAX_DEVICES];

fn kernel(device: usize) -> Result<&'static LazyKernel> {
    let spec = || KernelSpec {
        image: ptx().into_bytes(),
        entry: ENTRY.into(),
        configs: vec![Config {
            name: "copy".into(),
            block: [THREADS, 1, 1],
            num_warps: (THREADS / 32) as u32,
            shared_bytes: 0,
        }],
    };
    let slot = KERNELS[device.min(MAX_DEVICES - 1)].get_or_init(|| {
        let kernel = LazyKernel::new(spec())?;
        Ok(match super::cache::KernelCache::from_env() {
            Some(cache) => kernel.with_cache(cache),
            None => kernel,
        })
    });
    slot.as_ref().map_err(Clone::clone)
}

/// Launches the strided copy on `device`'s stream.
pub fn strided_copy(driver: &dyn Driver, device: usize, args: &CopyArgs) -> Result<()> {
    if args.numel() == 0 {
        return Ok(());
    }
    let mut values = args.values.clone();
    let pointers: Vec<*mut c_void> = values.iter_mut().map(|v| v as *mut u64 as *mut c_void).collect();
    kernel(device)?.launch(driver, [args.numel(), 1, 1], &pointers)
}

/// A host emulation of the kernel, for the fake driver in tests.
#[cfg(any(test, feature = "fake-cuda"))]
pub fn emulate(args: &[*mut c_void], _grid: [u32; 3], _block: [u32; 3]) {
    // SAFETY: the launch passes one pointer to a u64 per parameter.
    let value = |k: usize| unsafe { *(args[k] as *const u64) };
    let (dst, src, numel, size) = (value(0), value(1), value(2), value(3));
    for linear in 0..numel {
        let (mut rest, mut dst_offset, mut src_offset) = (linear, 0u64, 0u64);
        for d in (0..MAX_RANK).rev() {
            let extent = value(4 + d);
            let digit = rest % extent;
            rest /= extent;
            dst_offset += digit * value(4 + MAX_RANK + d);
            src_offset += digit * value(4 + 2 * MAX_RANK + d);
        }
        // SAFETY: fake device memory is host memory; the runtime checked bounds.
        unsafe {
            std::ptr::copy((src + src_offset * size) as *const u8, (dst + dst_offset * size) as *mut u8, size as usize);
        }
    }
}

/// The number of parameters the kernel takes.
pub const ARITY: usize = 4 + 3 * MAX_RANK;
