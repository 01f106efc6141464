//! Runs a PTX kernel that wrapc generated through the CUDA backend's lazy
//! kernel slot on a real GPU: first call (load + autotune over two configs
//! with the real arguments), steady-state per-call host time against the
//! bare `cuLaunchKernel` floor measured in the same run, and the result.
//!
//! usage: cuda_smoke KERNEL.ptx ENTRY   (the kernel of test/Target/nvptx.mlir)
//! The compiled cubin is cached in $WRAPC_CACHE_DIR (or ~/.cache/wrapc).

use std::ffi::c_void;
use std::time::Instant;

use wrapc_runtime::cuda::cache::KernelCache;
use wrapc_runtime::cuda::driver::CudaDriver;
use wrapc_runtime::cuda::{Config, Driver, KernelSpec, LazyKernel};

fn main() {
    if let Err(message) = run() {
        eprintln!("cuda_smoke: error: {message}");
        std::process::exit(1);
    }
}

fn run() -> Result<(), String> {
    let args: Vec<String> = std::env::args().collect();
    let [_, ptx, entry] = args.as_slice() else { return Err("usage: cuda_smoke KERNEL.ptx ENTRY".into()) };
    let image = std::fs::read(ptx).map_err(|e| format!("{ptx}: {e}"))?;
    let driver = CudaDriver::load().map_err(|e| e.to_string())?;

    let n: u64 = 1 << 20;
    let input: Vec<f32> = (0..n).map(|i| i as f32).collect();
    let bytes = |v: &[f32]| v.iter().flat_map(|x| x.to_ne_bytes()).collect::<Vec<u8>>();
    let mut x = driver.upload(&bytes(&input)).map_err(|e| e.to_string())?;
    let mut out = driver.upload(&vec![0u8; (n * 4) as usize]).map_err(|e| e.to_string())?;
    let mut count = n as i64;
    let params =
        [&mut x as *mut u64 as *mut c_void, &mut out as *mut u64 as *mut c_void, &mut count as *mut i64 as *mut c_void];

    // Each program handles 128 elements in the kernel's own loop; the two
    // configs differ in threads per program only.
    let config =
        |name: &str, warps| Config { name: name.into(), block: [128, 1, 1], num_warps: warps, shared_bytes: 0 };
    let mut kernel =
        LazyKernel::new(KernelSpec { image, entry: entry.clone(), configs: vec![config("w1", 1), config("w2", 2)] })
            .map_err(|e| e.to_string())?;
    if let Some(cache) = KernelCache::from_env() {
        kernel = kernel.with_cache(cache);
    }

    let first = Instant::now();
    kernel.launch(&driver, [n, 1, 1], &params).map_err(|e| e.to_string())?;
    driver.synchronize().map_err(|e| e.to_string())?;
    let first_ms = first.elapsed().as_secs_f64() * 1e3;
    let chosen = kernel.loaded().expect("loaded after the first call");

    let calls = 10_000;
    let start = Instant::now();
    for _ in 0..calls {
        kernel.launch(&driver, [n, 1, 1], &params).map_err(|e| e.to_string())?;
    }
    let lazy_us = start.elapsed().as_secs_f64() * 1e6 / calls as f64;
    driver.synchronize().map_err(|e| e.to_string())?;

    let grid = LazyKernel::grid(&config("w1", 1), [n, 1, 1]).map_err(|e| e.to_string())?;
    let start = Instant::now();
    for _ in 0..calls {
        driver.launch(chosen.function, grid, [32, 1, 1], 0, &params).map_err(|e| e.to_string())?;
    }
    let floor_us = start.elapsed().as_secs_f64() * 1e6 / calls as f64;
    driver.synchronize().map_err(|e| e.to_string())?;

    let mut result = vec![0u8; (n * 4) as usize];
    driver.download(out, &mut result).map_err(|e| e.to_string())?;
    let wrong = result
        .chunks_exact(4)
        .enumerate()
        .filter(|(i, b)| f32::from_ne_bytes([b[0], b[1], b[2], b[3]]) != 2.0 * *i as f32)
        .count();
    driver.free(x).map_err(|e| e.to_string())?;
    driver.free(out).map_err(|e| e.to_string())?;

    println!("first call (PTX load + autotune of 2 configs + launch): {first_ms:.2} ms");
    println!("autotune chose config #{} of 2", chosen.config);
    println!(
        "per-call host time: lazy slot {lazy_us:.2} us, bare cuLaunchKernel {floor_us:.2} us ({:.2}x)",
        lazy_us / floor_us
    );
    println!("result: {} ({wrong} wrong of {n})", if wrong == 0 { "correct" } else { "WRONG" });
    if wrong == 0 {
        Ok(())
    } else {
        Err("wrong results".into())
    }
}
