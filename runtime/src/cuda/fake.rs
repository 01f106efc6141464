//! A simulated device for testing the CUDA backend's logic without a GPU:
//! it counts calls, runs a clock advanced by a programmable launch cost,
//! keeps "device" memory in host allocations (so device pointers can be
//! read directly in tests), runs registered host emulations of kernels, and
//! checks that launches happen with its context current, as CUDA does.

use std::cell::Cell;
use std::collections::HashMap;
use std::ffi::c_void;
use std::sync::Mutex;

use super::{CudaError, Driver, FunctionHandle, GraphHandle, KernelLaunch, ModuleHandle, RawLaunch, Result};

type Cost = Box<dyn Fn([u32; 3], [u32; 3]) -> f32 + Send + Sync>;
/// A host emulation of a kernel: its argument pointers, grid and block.
pub type Emulation = fn(&[*mut c_void], [u32; 3], [u32; 3]);

/// `CUDA_ERROR_INVALID_CONTEXT`, what a launch without the function's
/// context current fails with.
pub const INVALID_CONTEXT: i32 = 201;

/// Streams made by [`FakeDriver::side_stream`]: handle -> its driver.
static SIDE_STREAMS: Mutex<Option<HashMap<usize, usize>>> = Mutex::new(None);

thread_local! {
    /// The fake driver whose context is current on this thread (0: none).
    static CURRENT: Cell<usize> = const { Cell::new(0) };
}

#[derive(Default)]
struct State {
    loads: usize,
    launches: usize,
    timings: usize,
    clock_ms: f32,
    last_grid: Option<[u32; 3]>,
    /// Per function handle, the stream of its last launch (the driver's
    /// own: its address).
    streams: HashMap<usize, usize>,
    last_block: Option<[u32; 3]>,
    max_shared: Option<u32>,
    fail_loads: Option<String>,
    compiles: usize,
    last_image: Option<Vec<u8>>,
    loads_by_image: HashMap<Vec<u8>, usize>,
    compute_capability: Option<(i32, i32)>,
    /// Live allocations by address.
    memory: HashMap<u64, Box<[u8]>>,
    /// Function handles: entry name per index (handles are index + 1).
    functions: Vec<String>,
    kernels: HashMap<String, (usize, Emulation)>,
    context_switches: usize,
    /// Instantiated graphs (handles are index + 1; None once destroyed).
    graphs: Vec<Option<Vec<KernelLaunch>>>,
    graph_launches: usize,
}

pub struct FakeDriver {
    state: Mutex<State>,
    cost: Mutex<Cost>,
    /// Held while a kernel runs: the device's one stream runs kernels one
    /// after another, whichever threads launched them (16 threads launching
    /// `x += 1` at once lost an update without it).
    stream: Mutex<()>,
}

impl Default for FakeDriver {
    fn default() -> Self {
        Self::new()
    }
}

impl FakeDriver {
    /// A fake device that already runs the runtime's own kernels (the
    /// strided copy).
    pub fn new() -> FakeDriver {
        let fake = FakeDriver {
            state: Mutex::new(State::default()),
            cost: Mutex::new(Box::new(|_, _| 1.0)),
            stream: Mutex::new(()),
        };
        fake.set_kernel(super::copy::ENTRY, super::copy::ARITY, super::copy::emulate);
        fake
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn id(&self) -> usize {
        self as *const FakeDriver as usize
    }

    /// Milliseconds one launch of `grid` × `block` takes on the simulated device.
    pub fn set_cost(&self, cost: impl Fn([u32; 3], [u32; 3]) -> f32 + Send + Sync + 'static) {
        *self.cost.lock().unwrap_or_else(|p| p.into_inner()) = Box::new(cost);
    }

    /// Runs `emulation` for launches of `entry` (which takes `arity` arguments).
    pub fn set_kernel(&self, entry: &str, arity: usize, emulation: Emulation) {
        self.state().kernels.insert(entry.to_string(), (arity, emulation));
    }

    pub fn fail_loads_with(&self, name: &str) {
        self.state().fail_loads = Some(name.to_string());
    }

    pub fn loads(&self) -> usize {
        self.state().loads
    }
    /// Loads of an image ending with `image` (a PTX, or a fake cubin made
    /// from it), so tests sharing one fake device stay apart.
    pub fn loads_of(&self, image: &[u8]) -> usize {
        self.state().loads_by_image.iter().filter(|(k, _)| k.ends_with(image)).map(|(_, n)| n).sum()
    }
    pub fn launches(&self) -> usize {
        self.state().launches
    }
    pub fn timings(&self) -> usize {
        self.state().timings
    }
    pub fn last_grid(&self) -> Option<[u32; 3]> {
        self.state().last_grid
    }
    /// The stream `function`'s last launch went on, fast path or slow.
    pub fn last_stream_of(&self, function: *mut c_void) -> Option<*mut c_void> {
        self.state().streams.get(&(function as usize)).map(|&s| s as *mut c_void)
    }
    /// The device's own stream (what a launch goes on with no call stream).
    pub fn own_stream(&self) -> *mut c_void {
        self.id() as *mut c_void
    }
    /// A new stream of this device, as an embedder's current stream.
    pub fn side_stream(&self) -> *mut c_void {
        let handle = Box::into_raw(Box::new(0u8)) as usize;
        SIDE_STREAMS
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get_or_insert_with(HashMap::new)
            .insert(handle, self.id());
        handle as *mut c_void
    }
    pub fn last_block(&self) -> Option<[u32; 3]> {
        self.state().last_block
    }
    pub fn max_shared_set(&self) -> Option<u32> {
        self.state().max_shared
    }
    pub fn compiles(&self) -> usize {
        self.state().compiles
    }
    pub fn last_image(&self) -> Option<Vec<u8>> {
        self.state().last_image.clone()
    }
    pub fn set_compute_capability(&self, cc: (i32, i32)) {
        self.state().compute_capability = Some(cc);
    }
    /// Live allocations.
    pub fn allocations(&self) -> usize {
        self.state().memory.len()
    }
    /// Graphs instantiated, and how many of them are still alive.
    pub fn graphs_built(&self) -> (usize, usize) {
        let state = self.state();
        (state.graphs.len(), state.graphs.iter().filter(|g| g.is_some()).count())
    }
    /// Graph launches (each runs its kernels, counted in `launches` too).
    pub fn graph_launches(&self) -> usize {
        self.state().graph_launches
    }
    /// How often a context was made current on some thread.
    pub fn context_switches(&self) -> usize {
        self.state().context_switches
    }

    /// A launch on `stream` (a handle: the driver's own address, or a side
    /// stream's).
    fn launch_on(
        &self,
        stream: usize,
        function: FunctionHandle,
        grid: [u32; 3],
        block: [u32; 3],
        args: &[*mut c_void],
    ) -> Result<()> {
        let cost = (self.cost.lock().unwrap_or_else(|p| p.into_inner()))(grid, block);
        let emulation = {
            let mut state = self.state();
            state.launches += 1;
            state.clock_ms += cost;
            state.last_grid = Some(grid);
            state.last_block = Some(block);
            state.streams.insert(function.0, stream);
            let entry = function.0.checked_sub(1).and_then(|i| state.functions.get(i)).cloned();
            entry.and_then(|e| state.kernels.get(&e).copied())
        };
        if let Some((_, emulate)) = emulation {
            let _in_order = self.stream.lock().unwrap_or_else(|p| p.into_inner());
            emulate(args, grid, block);
        }
        Ok(())
    }

    /// A launch through the fast path's function pointer.
    fn raw(&self, function: usize, grid: [u32; 3], block: [u32; 3], params: *mut *mut c_void, stream: usize) -> i32 {
        if CURRENT.with(Cell::get) != self.id() {
            return INVALID_CONTEXT;
        }
        let arity = {
            let state = self.state();
            let entry = function.checked_sub(1).and_then(|i| state.functions.get(i));
            entry.and_then(|e| state.kernels.get(e)).map(|k| k.0).unwrap_or(0)
        };
        let args = if arity == 0 || params.is_null() {
            Vec::new()
        } else {
            // SAFETY: cuLaunchKernel's contract: one pointer per parameter.
            unsafe { std::slice::from_raw_parts(params, arity) }.to_vec()
        };
        match self.launch_on(stream, FunctionHandle(function), grid, block, &args) {
            Ok(()) => 0,
            Err(_) => 1,
        }
    }
}

/// `cuLaunchKernel` of the fake device: the stream is the driver. (It has
/// the driver's signature, [`super::LaunchFn`]; the constant below checks.)
const _: super::LaunchFn = fake_launch_kernel;

unsafe extern "C" fn fake_launch_kernel(
    function: *mut c_void,
    gx: u32,
    gy: u32,
    gz: u32,
    bx: u32,
    by: u32,
    bz: u32,
    _shared_bytes: u32,
    stream: *mut c_void,
    params: *mut *mut c_void,
    _extra: *mut *mut c_void,
) -> i32 {
    let side = SIDE_STREAMS
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .as_ref()
        .and_then(|s| s.get(&(stream as usize)).copied());
    // SAFETY: `raw_launch` hands out the driver's own address as the stream,
    // and a side stream maps to its driver; drivers compiled code launches
    // on outlive it (installed for the process).
    let driver = unsafe { &*(side.unwrap_or(stream as usize) as *const FakeDriver) };
    driver.raw(function as usize, [gx, gy, gz], [bx, by, bz], params, stream as usize)
}

impl Driver for FakeDriver {
    fn load_module(&self, image: &[u8]) -> Result<ModuleHandle> {
        let mut state = self.state();
        state.loads += 1;
        state.last_image = Some(image.to_vec());
        *state.loads_by_image.entry(image.to_vec()).or_default() += 1;
        match &state.fail_loads {
            Some(name) => Err(CudaError { call: "cuModuleLoadData", name: name.clone() }),
            None => Ok(ModuleHandle(state.loads)),
        }
    }

    fn get_function(&self, _module: ModuleHandle, name: &str) -> Result<FunctionHandle> {
        let mut state = self.state();
        state.functions.push(name.to_string());
        Ok(FunctionHandle(state.functions.len()))
    }

    fn set_max_dynamic_shared(&self, _function: FunctionHandle, bytes: u32) -> Result<()> {
        self.state().max_shared = Some(bytes);
        Ok(())
    }

    fn launch(
        &self,
        function: FunctionHandle,
        grid: [u32; 3],
        block: [u32; 3],
        _shared_bytes: u32,
        args: &[*mut c_void],
    ) -> Result<()> {
        // The slow path: the call's stream, as the real driver takes it.
        let stream = super::stream::current().stream.map_or(self.id(), |s| s as usize);
        self.launch_on(stream, function, grid, block, args)
    }

    /// A "cubin": an ELF magic followed by the PTX.
    fn compile_ptx(&self, ptx: &[u8]) -> Result<Vec<u8>> {
        self.state().compiles += 1;
        Ok([b"\x7fELF".as_slice(), ptx].concat())
    }

    fn compute_capability(&self) -> Result<(i32, i32)> {
        Ok(self.state().compute_capability.unwrap_or((9, 0)))
    }

    fn driver_version(&self) -> Result<i32> {
        Ok(12080)
    }

    fn time(&self, work: &mut dyn FnMut() -> Result<()>) -> Result<f32> {
        let start = {
            let mut state = self.state();
            state.timings += 1;
            state.clock_ms
        };
        work()?;
        Ok(self.state().clock_ms - start)
    }

    fn alloc(&self, bytes: usize) -> Result<u64> {
        let buffer = vec![0u8; bytes.max(1)].into_boxed_slice();
        let address = buffer.as_ptr() as u64;
        self.state().memory.insert(address, buffer);
        Ok(address)
    }

    fn memset_zero(&self, pointer: u64, bytes: usize) -> Result<()> {
        // SAFETY: as copy_dtod.
        unsafe { std::ptr::write_bytes(pointer as *mut u8, 0, bytes) };
        Ok(())
    }

    fn free(&self, pointer: u64) -> Result<()> {
        match self.state().memory.remove(&pointer) {
            Some(_) => Ok(()),
            None => Err(CudaError { call: "cuMemFreeAsync", name: "CUDA_ERROR_INVALID_VALUE".into() }),
        }
    }

    fn copy_dtod(&self, dst: u64, src: u64, bytes: usize) -> Result<()> {
        // SAFETY: fake device pointers are host allocations of this driver.
        unsafe { std::ptr::copy(src as *const u8, dst as *mut u8, bytes) };
        Ok(())
    }

    fn copy_htod(&self, dst: u64, src: &[u8]) -> Result<()> {
        // SAFETY: as copy_dtod.
        unsafe { std::ptr::copy(src.as_ptr(), dst as *mut u8, src.len()) };
        Ok(())
    }

    fn copy_dtoh(&self, dst: &mut [u8], src: u64) -> Result<()> {
        // SAFETY: as copy_dtod.
        unsafe { std::ptr::copy(src as *const u8, dst.as_mut_ptr(), dst.len()) };
        Ok(())
    }

    fn synchronize(&self) -> Result<()> {
        Ok(())
    }

    fn enter(&self) -> Result<Option<usize>> {
        let previous = CURRENT.with(Cell::get);
        if previous == self.id() {
            return Ok(None);
        }
        self.state().context_switches += 1;
        CURRENT.with(|c| c.set(self.id()));
        Ok(Some(previous))
    }

    fn restore(&self, previous: usize) -> Result<()> {
        CURRENT.with(|c| c.set(previous));
        Ok(())
    }

    fn raw_launch(&self) -> RawLaunch {
        RawLaunch { function: fake_launch_kernel as *const () as usize, stream: self.id() }
    }

    fn error_name(&self, status: i32) -> String {
        match status {
            INVALID_CONTEXT => "CUDA_ERROR_INVALID_CONTEXT".into(),
            other => format!("CUresult {other}"),
        }
    }

    fn graph_build(&self, launches: &mut [KernelLaunch]) -> Result<GraphHandle> {
        let mut state = self.state();
        state.graphs.push(Some(launches.to_vec()));
        Ok(GraphHandle(state.graphs.len()))
    }

    /// Runs the graph's kernels in order, as the device would.
    fn graph_launch(&self, graph: GraphHandle) -> Result<()> {
        let launches = {
            let mut state = self.state();
            state.graph_launches += 1;
            graph.0.checked_sub(1).and_then(|i| state.graphs.get(i).cloned().flatten())
        };
        let invalid = || CudaError { call: "cuGraphLaunch", name: "CUDA_ERROR_INVALID_VALUE".into() };
        for mut launch in launches.ok_or_else(invalid)? {
            let params = launch.params();
            self.launch(launch.function, launch.grid, launch.block, launch.shared_bytes, &params)?;
        }
        Ok(())
    }

    fn graph_destroy(&self, graph: GraphHandle) -> Result<()> {
        let mut state = self.state();
        match graph.0.checked_sub(1).and_then(|i| state.graphs.get_mut(i)) {
            Some(slot @ Some(_)) => {
                *slot = None;
                Ok(())
            }
            _ => Err(CudaError { call: "cuGraphExecDestroy", name: "CUDA_ERROR_INVALID_VALUE".into() }),
        }
    }
}
