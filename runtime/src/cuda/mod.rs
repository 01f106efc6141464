//! The CUDA backend's logic, written against the [`Driver`] trait so that it
//! runs — and is tested — without a GPU: [`driver::CudaDriver`] loads
//! `libcuda.so.1` at run time (a binary without CUDA still runs on the host
//! backend), [`fake::FakeDriver`] simulates a device with a programmable
//! clock.
//!
//! [`LazyKernel`] is the per-kernel slot compiled wrappers call: the first
//! call loads the module and, when the kernel has several configs, times
//! each with the call's real arguments and keeps the fastest; every later
//! call is one launch with the chosen config. Initialization is thread-safe:
//! concurrent first calls load once.

pub(crate) mod blocks;
pub mod cache;
pub mod copy;
pub mod driver;
#[cfg(any(test, feature = "fake-cuda"))]
pub mod fake;
pub mod gpus;
pub mod graph;
pub mod slot;
pub mod stream;

use cache::KernelCache;

use std::ffi::c_void;
use std::sync::OnceLock;

/// A failed driver call, by the driver's own error name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{call} failed: {name}")]
pub struct CudaError {
    pub call: &'static str,
    pub name: String,
}

pub type Result<T> = std::result::Result<T, CudaError>;

/// Opaque driver handles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ModuleHandle(pub usize);
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FunctionHandle(pub usize);
/// An instantiated CUDA graph (`CUgraphExec`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GraphHandle(pub usize);

/// One kernel launch, its arguments held by value: what a CUDA graph's
/// kernel node is made from. Every argument is one 8-byte cell (compiled
/// code in graph mode widens narrower scalars; a kernel reads its own
/// width from the cell's start, little-endian).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KernelLaunch {
    pub function: FunctionHandle,
    pub grid: [u32; 3],
    pub block: [u32; 3],
    pub shared_bytes: u32,
    /// Inline up to 16 arguments: recording a launch allocates nothing.
    pub args: smallvec::SmallVec<[u64; 16]>,
}

impl KernelLaunch {
    /// `cuLaunchKernel`'s `kernelParams`: a pointer to each cell.
    pub fn params(&mut self) -> Vec<*mut c_void> {
        self.args.iter_mut().map(|a| a as *mut u64 as *mut c_void).collect()
    }
}

/// What compiled wrappers call directly on their fast path: the address of
/// `cuLaunchKernel` (or a stand-in with its signature) and the stream.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RawLaunch {
    pub function: usize,
    pub stream: usize,
}

/// The signature of `cuLaunchKernel`.
pub type LaunchFn = unsafe extern "C" fn(
    function: *mut c_void,
    gx: u32,
    gy: u32,
    gz: u32,
    bx: u32,
    by: u32,
    bz: u32,
    shared_bytes: u32,
    stream: *mut c_void,
    params: *mut *mut c_void,
    extra: *mut *mut c_void,
) -> i32;

/// The slice of the CUDA driver API the backend uses, for one device.
/// Work is ordered on the device's stream; memory is stream-ordered.
pub trait Driver: Send + Sync {
    /// Loads a PTX or cubin image (the driver JIT-compiles PTX).
    fn load_module(&self, image: &[u8]) -> Result<ModuleHandle>;
    fn get_function(&self, module: ModuleHandle, name: &str) -> Result<FunctionHandle>;
    /// Allows more than 48 KiB of dynamic shared memory.
    fn set_max_dynamic_shared(&self, function: FunctionHandle, bytes: u32) -> Result<()>;
    /// `cuLaunchKernel` on the device's stream; `args` point at the values.
    fn launch(
        &self,
        function: FunctionHandle,
        grid: [u32; 3],
        block: [u32; 3],
        shared_bytes: u32,
        args: &[*mut c_void],
    ) -> Result<()>;
    /// Milliseconds `work` takes on the device (events around it).
    fn time(&self, work: &mut dyn FnMut() -> Result<()>) -> Result<f32>;
    /// JIT-compiles PTX to a cubin for the device.
    fn compile_ptx(&self, ptx: &[u8]) -> Result<Vec<u8>>;
    /// (major, minor) of the device.
    fn compute_capability(&self) -> Result<(i32, i32)>;
    fn driver_version(&self) -> Result<i32>;

    /// Uninitialized device memory from the stream-ordered pool (as
    /// `torch.empty`).
    fn alloc(&self, bytes: usize) -> Result<u64>;
    fn memset_zero(&self, pointer: u64, bytes: usize) -> Result<()>;
    fn free(&self, pointer: u64) -> Result<()>;
    fn copy_dtod(&self, dst: u64, src: u64, bytes: usize) -> Result<()>;
    fn copy_htod(&self, dst: u64, src: &[u8]) -> Result<()>;
    /// Waits for the stream, then copies to the host.
    fn copy_dtoh(&self, dst: &mut [u8], src: u64) -> Result<()>;
    fn synchronize(&self) -> Result<()>;

    /// Makes the device's context current on this thread; returns the
    /// previous context when it was another one (give it to `restore`).
    fn enter(&self) -> Result<Option<usize>>;
    fn restore(&self, previous: usize) -> Result<()>;
    fn raw_launch(&self) -> RawLaunch;
    /// The driver's name for a `CUresult`.
    fn error_name(&self, status: i32) -> String;

    /// Builds and instantiates a graph running `launches` one after the
    /// other (each node depends on the one before, as on a stream).
    fn graph_build(&self, launches: &mut [KernelLaunch]) -> Result<GraphHandle>;
    /// Launches an instantiated graph on the device's stream.
    fn graph_launch(&self, graph: GraphHandle) -> Result<()>;
    fn graph_destroy(&self, graph: GraphHandle) -> Result<()>;
}

/// The runtime's internal device guard: the device's context is current
/// while it lives, and a thread's previous context (another device's) is
/// restored when it drops. A thread that had no context keeps the device's
/// current, as the CUDA runtime's implicit primary context does: later
/// launches from that thread then take the fast path instead of failing
/// with `CUDA_ERROR_INVALID_CONTEXT` and recovering on every call.
pub struct Current<'a> {
    driver: &'a dyn Driver,
    previous: Option<usize>,
}

impl<'a> Current<'a> {
    pub fn enter(driver: &'a dyn Driver) -> Result<Current<'a>> {
        Ok(Current { driver, previous: driver.enter()?.filter(|&previous| previous != 0) })
    }
}

impl Drop for Current<'_> {
    fn drop(&mut self) {
        if let Some(previous) = self.previous {
            let _ = self.driver.restore(previous);
        }
    }
}

/// One autotune configuration, as `#wrap.config` gives it.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    pub name: String,
    /// Elements per program in x, y, z (what the grid is divided by).
    pub block: [u64; 3],
    pub num_warps: u32,
    pub shared_bytes: u32,
}

/// A kernel the wrapper launches: its image, entry and configs.
#[derive(Clone, Debug)]
pub struct KernelSpec {
    pub image: Vec<u8>,
    pub entry: String,
    pub configs: Vec<Config>,
}

/// What the first call settled on.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Loaded {
    pub function: FunctionHandle,
    pub config: usize,
}

/// Device memory a kernel may write: autotuning runs the kernel several
/// times, so these bytes are saved before and restored after (Triton's
/// `restore_value`), and the call's own launch sees the original inputs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Span {
    pub pointer: u64,
    pub bytes: usize,
}

/// 48 KiB: more dynamic shared memory needs an explicit opt-in.
const DEFAULT_SHARED_LIMIT: u32 = 48 * 1024;
/// Timed launches per config when autotuning.
const TUNING_REPEATS: usize = 3;

/// The most blocks a launch may have per axis (CUDA's `gridDim` limits).
pub const MAX_GRID: [u64; 3] = wrapc_abi::GRID_LIMITS;

/// The grid for `elements` (x, y, z) under `config`: a ceil-division per
/// axis (0 elements: 0 programs, nothing to launch). A grid past the
/// device's limits is an error, never a truncated launch.
pub fn grid_for(config: &Config, elements: [u64; 3]) -> Result<[u32; 3]> {
    let grid: [u64; 3] = std::array::from_fn(|d| elements[d].div_ceil(config.block[d].max(1)));
    if grid.iter().zip(MAX_GRID).any(|(&g, max)| g > max) {
        return Err(CudaError {
            call: "cuLaunchKernel",
            name: format!(
                "grid ({}, {}, {}) exceeds the device's limits ({}, {}, {})",
                grid[0], grid[1], grid[2], MAX_GRID[0], MAX_GRID[1], MAX_GRID[2]
            ),
        });
    }
    Ok(grid.map(|g| g as u32))
}

/// Threads per program: `num_warps` warps of 32.
pub fn block_dims(config: &Config) -> [u32; 3] {
    [config.num_warps.max(1) * 32, 1, 1]
}

/// The image to load for `spec`: a cached cubin, a freshly compiled (and
/// cached) one, or the image itself when there is no cache or it is a cubin.
fn image<'s>(
    driver: &dyn Driver,
    spec: &'s KernelSpec,
    cache: Option<&KernelCache>,
) -> Result<std::borrow::Cow<'s, [u8]>> {
    let ptx = &spec.image;
    let Some(cache) = cache.filter(|_| !ptx.starts_with(b"\x7fELF")) else {
        return Ok(std::borrow::Cow::Borrowed(ptx));
    };
    let path = cache.path(ptx, driver.compute_capability()?, driver.driver_version()?);
    if let Some(cubin) = cache.load(&path) {
        return Ok(std::borrow::Cow::Owned(cubin));
    }
    let cubin = driver.compile_ptx(ptx)?;
    cache.store(&path, &cubin);
    Ok(std::borrow::Cow::Owned(cubin))
}

/// Loads `spec` and, for several configs, times each with the call's real
/// arguments (saving and restoring `preserve` around the timing runs) and
/// keeps the fastest. Launches nothing for a single config.
pub fn load_and_tune(
    driver: &dyn Driver,
    spec: &KernelSpec,
    cache: Option<&KernelCache>,
    elements: [u64; 3],
    args: &[*mut c_void],
    preserve: &[Span],
) -> Result<Loaded> {
    let module = driver.load_module(&image(driver, spec, cache)?)?;
    let function = driver.get_function(module, &spec.entry)?;
    let needed = spec.configs.iter().map(|c| c.shared_bytes).max().unwrap_or(0);
    if needed > DEFAULT_SHARED_LIMIT {
        driver.set_max_dynamic_shared(function, needed)?;
    }
    if spec.configs.len() == 1 {
        return Ok(Loaded { function, config: 0 });
    }
    let saved = save(driver, preserve)?;
    let tuned = time_configs(driver, spec, function, elements, args);
    let restored = restore(driver, preserve, &saved);
    let best = tuned?;
    restored?;
    Ok(Loaded { function, config: best })
}

fn time_configs(
    driver: &dyn Driver,
    spec: &KernelSpec,
    function: FunctionHandle,
    elements: [u64; 3],
    args: &[*mut c_void],
) -> Result<usize> {
    let mut best = (f32::INFINITY, 0);
    for (index, config) in spec.configs.iter().enumerate() {
        // A grid this config cannot launch is not a load failure: the
        // config is skipped, and the call itself reports the grid.
        let Ok(grid) = grid_for(config, elements) else { continue };
        if grid.contains(&0) {
            return Ok(0);
        }
        let mut run = || {
            for _ in 0..TUNING_REPEATS {
                driver.launch(function, grid, block_dims(config), config.shared_bytes, args)?;
            }
            Ok(())
        };
        let ms = driver.time(&mut run)?;
        if ms < best.0 {
            best = (ms, index);
        }
    }
    Ok(best.1)
}

/// Copies of `spans` in scratch device memory.
fn save(driver: &dyn Driver, spans: &[Span]) -> Result<Vec<u64>> {
    let mut saved = Vec::with_capacity(spans.len());
    for span in spans {
        let scratch = driver.alloc(span.bytes)?;
        saved.push(scratch);
        driver.copy_dtod(scratch, span.pointer, span.bytes)?;
    }
    Ok(saved)
}

/// Writes the saved copies back and frees them (every one, even after a
/// failure).
fn restore(driver: &dyn Driver, spans: &[Span], saved: &[u64]) -> Result<()> {
    let mut outcome = Ok(());
    for (span, &scratch) in spans.iter().zip(saved) {
        outcome = outcome.and(driver.copy_dtod(span.pointer, scratch, span.bytes));
        outcome = outcome.and(driver.free(scratch));
    }
    outcome
}

/// A Rust-side kernel slot (the runtime's own kernels use it; compiled
/// wrappers use [`slot`]): lazily loaded, autotuned once, then launched.
pub struct LazyKernel {
    spec: KernelSpec,
    cache: Option<KernelCache>,
    loaded: OnceLock<std::result::Result<Loaded, CudaError>>,
}

impl LazyKernel {
    /// A slot for `spec`; a kernel needs at least one config.
    pub fn new(spec: KernelSpec) -> Result<LazyKernel> {
        if spec.configs.is_empty() {
            return Err(CudaError { call: "LazyKernel::new", name: format!("kernel '{}' has no config", spec.entry) });
        }
        Ok(LazyKernel { spec, cache: None, loaded: OnceLock::new() })
    }

    /// Keeps the cubin of a PTX kernel in `cache` across processes.
    pub fn with_cache(mut self, cache: KernelCache) -> LazyKernel {
        self.cache = Some(cache);
        self
    }

    /// The grid for `elements` under `config` (see [`grid_for`]).
    pub fn grid(config: &Config, elements: [u64; 3]) -> Result<[u32; 3]> {
        grid_for(config, elements)
    }

    pub fn loaded(&self) -> Option<Loaded> {
        self.loaded.get().and_then(|r| r.as_ref().ok().copied())
    }

    /// Launches over `elements` with `args`; the first call loads and, for
    /// several configs, times each with these very arguments (saving and
    /// restoring `preserve`).
    pub fn launch_preserving(
        &self,
        driver: &dyn Driver,
        elements: [u64; 3],
        args: &[*mut c_void],
        preserve: &[Span],
    ) -> Result<()> {
        let loaded = self
            .loaded
            .get_or_init(|| load_and_tune(driver, &self.spec, self.cache.as_ref(), elements, args, preserve))
            .clone()?;
        let config = &self.spec.configs[loaded.config];
        let grid = grid_for(config, elements)?;
        if grid.contains(&0) {
            return Ok(());
        }
        driver.launch(loaded.function, grid, block_dims(config), config.shared_bytes, args)
    }

    /// [`LazyKernel::launch_preserving`] for kernels that only write
    /// memory no argument reads.
    pub fn launch(&self, driver: &dyn Driver, elements: [u64; 3], args: &[*mut c_void]) -> Result<()> {
        self.launch_preserving(driver, elements, args, &[])
    }
}

#[cfg(test)]
mod tests {
    use super::fake::FakeDriver;
    use super::*;
    use std::sync::Arc;

    fn config(name: &str, block: u64, shared: u32) -> Config {
        Config { name: name.into(), block: [block, 1, 1], num_warps: 4, shared_bytes: shared }
    }

    fn spec(configs: Vec<Config>) -> KernelSpec {
        KernelSpec { image: b".version 8.0".to_vec(), entry: "k".into(), configs }
    }

    #[test]
    fn grid_is_a_ceil_division_per_axis() {
        let c = Config { name: "c".into(), block: [128, 4, 1], num_warps: 4, shared_bytes: 0 };
        assert_eq!(LazyKernel::grid(&c, [1000, 9, 1]).unwrap(), [8, 3, 1]);
        assert_eq!(LazyKernel::grid(&c, [0, 1, 1]).unwrap(), [0, 1, 1], "nothing to launch");
        let error = LazyKernel::grid(&c, [1 << 40, 1, 1]).unwrap_err();
        assert!(error.to_string().contains("exceeds the device's limits"), "{error}");
        assert!(LazyKernel::grid(&c, [1, 4 * 65536, 1]).is_err(), "y is limited to 65535 blocks");
    }

    #[test]
    fn autotuning_keeps_the_fastest_config_and_only_launches_afterwards() {
        let driver = FakeDriver::new();
        // Simulated cost per launch: config "b" is fastest.
        driver.set_cost(|grid, _| match grid[0] {
            8 => 5.0, // "a": block 128
            4 => 1.0, // "b": block 256
            _ => 3.0, // "c": block 64
        });
        let kernel = LazyKernel::new(spec(vec![config("a", 128, 0), config("b", 256, 0), config("c", 64, 0)])).unwrap();
        kernel.launch(&driver, [1000, 1, 1], &[]).unwrap();
        assert_eq!(kernel.loaded().unwrap().config, 1);
        let after_first = driver.launches();
        kernel.launch(&driver, [1000, 1, 1], &[]).unwrap();
        kernel.launch(&driver, [2000, 1, 1], &[]).unwrap();
        assert_eq!(driver.launches(), after_first + 2, "later calls are one launch each");
        assert_eq!(driver.last_grid(), Some([8, 1, 1]), "2000 elements / block 256");
        assert_eq!(driver.loads(), 1);
    }

    #[test]
    fn autotuning_restores_what_the_timing_runs_wrote() {
        let driver = FakeDriver::new();
        // A kernel that increments its buffer in place, like `x.add_(1)`.
        driver.set_kernel("k", 1, |args, _, _| {
            // SAFETY: the test passes a pointer to the buffer's address.
            let address = unsafe { *(args[0] as *const u64) };
            unsafe { *(address as *mut u8) += 1 };
        });
        let buffer = driver.alloc(4).unwrap();
        let mut pointer = buffer;
        let args = [&mut pointer as *mut u64 as *mut std::ffi::c_void];
        let kernel = LazyKernel::new(spec(vec![config("a", 128, 0), config("b", 256, 0)])).unwrap();
        kernel.launch_preserving(&driver, [4, 1, 1], &args, &[Span { pointer: buffer, bytes: 4 }]).unwrap();
        let mut value = [0u8; 4];
        driver.copy_dtoh(&mut value, buffer).unwrap();
        assert_eq!(value[0], 1, "six timing launches ran, but the call's effect is one increment");
        assert_eq!(driver.allocations(), 1, "the saved copy is freed");
    }

    #[test]
    fn a_kernel_without_configs_is_an_error() {
        assert!(LazyKernel::new(spec(vec![])).is_err());
    }

    #[test]
    fn one_config_is_not_timed() {
        let driver = FakeDriver::new();
        let kernel = LazyKernel::new(spec(vec![config("only", 128, 0)])).unwrap();
        kernel.launch(&driver, [10, 1, 1], &[]).unwrap();
        assert_eq!((driver.timings(), driver.launches()), (0, 1));
    }

    #[test]
    fn large_shared_memory_is_opted_into() {
        let driver = FakeDriver::new();
        let kernel = LazyKernel::new(spec(vec![config("big", 128, 100 * 1024)])).unwrap();
        kernel.launch(&driver, [10, 1, 1], &[]).unwrap();
        assert_eq!(driver.max_shared_set(), Some(100 * 1024));
    }

    #[test]
    fn concurrent_first_calls_load_once() {
        let driver = Arc::new(FakeDriver::new());
        let kernel = Arc::new(LazyKernel::new(spec(vec![config("a", 128, 0), config("b", 256, 0)])).unwrap());
        std::thread::scope(|scope| {
            for _ in 0..16 {
                let (driver, kernel) = (driver.clone(), kernel.clone());
                scope.spawn(move || kernel.launch(&*driver, [4096, 1, 1], &[]).unwrap());
            }
        });
        assert_eq!(driver.loads(), 1);
        assert_eq!(driver.timings(), 2, "each config timed once");
    }

    #[test]
    fn second_process_loads_the_cached_cubin_without_jit() {
        let dir = std::env::temp_dir().join(format!("wrapc-cache-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let cache = super::cache::KernelCache::new(&dir);
        let first = FakeDriver::new();
        LazyKernel::new(spec(vec![config("a", 128, 0)]))
            .unwrap()
            .with_cache(cache.clone())
            .launch(&first, [1, 1, 1], &[])
            .unwrap();
        assert_eq!(first.compiles(), 1);
        assert!(first.last_image().unwrap().starts_with(b"\x7fELF"), "the cubin is what gets loaded");
        // A new process: a new driver and a new slot, the same cache.
        let second = FakeDriver::new();
        LazyKernel::new(spec(vec![config("a", 128, 0)]))
            .unwrap()
            .with_cache(cache.clone())
            .launch(&second, [1, 1, 1], &[])
            .unwrap();
        assert_eq!(second.compiles(), 0, "no PTX JIT in the second process");
        // Another GPU generation compiles its own.
        let other = FakeDriver::new();
        other.set_compute_capability((8, 0));
        LazyKernel::new(spec(vec![config("a", 128, 0)]))
            .unwrap()
            .with_cache(cache)
            .launch(&other, [1, 1, 1], &[])
            .unwrap();
        assert_eq!(other.compiles(), 1);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_corrupt_cache_entry_is_recompiled() {
        let dir = std::env::temp_dir().join(format!("wrapc-cache-corrupt-{}", std::process::id()));
        let cache = super::cache::KernelCache::new(&dir);
        let driver = FakeDriver::new();
        let path = cache.path(b".version 8.0", (9, 0), 12080);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(&path, b"garbage").unwrap();
        LazyKernel::new(spec(vec![config("a", 128, 0)]))
            .unwrap()
            .with_cache(cache)
            .launch(&driver, [1, 1, 1], &[])
            .unwrap();
        assert_eq!(driver.compiles(), 1);
        assert!(std::fs::read(&path).unwrap().starts_with(b"\x7fELF"));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn load_failures_are_reported_by_name_and_remembered() {
        let driver = FakeDriver::new();
        driver.fail_loads_with("CUDA_ERROR_INVALID_PTX");
        let kernel = LazyKernel::new(spec(vec![config("a", 128, 0)])).unwrap();
        let error = kernel.launch(&driver, [1, 1, 1], &[]).unwrap_err();
        assert_eq!(error.to_string(), "cuModuleLoadData failed: CUDA_ERROR_INVALID_PTX");
        assert!(kernel.launch(&driver, [1, 1, 1], &[]).is_err());
        assert_eq!(driver.loads(), 1, "a failed load is not retried on every call");
    }
}

#[cfg(test)]
mod driver_tests {
    /// Without libcuda (CI, a CPU-only machine) loading the driver is an
    /// error that names the library, never a crash.
    #[test]
    fn missing_driver_is_a_named_error() {
        match super::driver::CudaDriver::load() {
            Ok(_) => {}
            Err(error) => assert!(error.to_string().contains("libcuda.so.1"), "{error}"),
        }
    }
}
