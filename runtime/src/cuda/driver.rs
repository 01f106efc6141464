//! The real CUDA driver, loaded at run time with `dlopen("libcuda.so.1")`:
//! a build of wrapc needs no CUDA to compile or to run on the host backend.

use std::ffi::{c_char, c_int, c_uint, c_void, CStr, CString};

use libloading::Library;

use super::{CudaError, Driver, FunctionHandle, GraphHandle, KernelLaunch, ModuleHandle, Result};

type CuResult = c_int;
type Handle = *mut c_void;

/// `CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES`.
const MAX_DYNAMIC_SHARED: c_int = 8;

/// The driver entry points the backend calls, resolved once.
struct Api {
    init: unsafe extern "C" fn(c_uint) -> CuResult,
    device_get: unsafe extern "C" fn(*mut c_int, c_int) -> CuResult,
    primary_ctx_retain: unsafe extern "C" fn(*mut Handle, c_int) -> CuResult,
    ctx_set_current: unsafe extern "C" fn(Handle) -> CuResult,
    module_load_data: unsafe extern "C" fn(*mut Handle, *const c_void) -> CuResult,
    module_get_function: unsafe extern "C" fn(*mut Handle, Handle, *const c_char) -> CuResult,
    func_set_attribute: unsafe extern "C" fn(Handle, c_int, c_int) -> CuResult,
    launch_kernel: unsafe extern "C" fn(
        Handle,
        c_uint,
        c_uint,
        c_uint,
        c_uint,
        c_uint,
        c_uint,
        c_uint,
        Handle,
        *mut *mut c_void,
        *mut *mut c_void,
    ) -> CuResult,
    event_create: unsafe extern "C" fn(*mut Handle, c_uint) -> CuResult,
    event_record: unsafe extern "C" fn(Handle, Handle) -> CuResult,
    event_synchronize: unsafe extern "C" fn(Handle) -> CuResult,
    event_elapsed: unsafe extern "C" fn(*mut f32, Handle, Handle) -> CuResult,
    event_destroy: unsafe extern "C" fn(Handle) -> CuResult,
    mem_alloc: unsafe extern "C" fn(*mut u64, usize) -> CuResult,
    mem_free: unsafe extern "C" fn(u64) -> CuResult,
    get_error_name: unsafe extern "C" fn(CuResult, *mut *const c_char) -> CuResult,
    device_get_attribute: unsafe extern "C" fn(*mut c_int, c_int, c_int) -> CuResult,
    driver_get_version: unsafe extern "C" fn(*mut c_int) -> CuResult,
    link_create: unsafe extern "C" fn(c_uint, *mut c_int, *mut *mut c_void, *mut Handle) -> CuResult,
    link_add_data: unsafe extern "C" fn(
        Handle,
        c_int,
        *mut c_void,
        usize,
        *const c_char,
        c_uint,
        *mut c_int,
        *mut *mut c_void,
    ) -> CuResult,
    link_complete: unsafe extern "C" fn(Handle, *mut *mut c_void, *mut usize) -> CuResult,
    link_destroy: unsafe extern "C" fn(Handle) -> CuResult,
    ctx_get_current: unsafe extern "C" fn(*mut Handle) -> CuResult,
    stream_create: unsafe extern "C" fn(*mut Handle, c_uint) -> CuResult,
    stream_synchronize: unsafe extern "C" fn(Handle) -> CuResult,
    memset_d8_async: unsafe extern "C" fn(u64, u8, usize, Handle) -> CuResult,
    memcpy_dtod_async: unsafe extern "C" fn(u64, u64, usize, Handle) -> CuResult,
    memcpy_htod_async: unsafe extern "C" fn(u64, *const c_void, usize, Handle) -> CuResult,
    memcpy_dtoh_async: unsafe extern "C" fn(*mut c_void, u64, usize, Handle) -> CuResult,
    /// Stream-ordered allocation (CUDA 11.2+); absent on older drivers.
    mem_alloc_async: Option<unsafe extern "C" fn(*mut u64, usize, Handle) -> CuResult>,
    mem_free_async: Option<unsafe extern "C" fn(u64, Handle) -> CuResult>,
    device_get_default_mem_pool: Option<unsafe extern "C" fn(*mut Handle, c_int) -> CuResult>,
    mem_pool_set_attribute: Option<unsafe extern "C" fn(Handle, c_int, *mut c_void) -> CuResult>,
    /// CUDA graphs (instantiation with flags: CUDA 11.4+); absent on older drivers.
    graph: Option<GraphApi>,
}

/// `CUDA_KERNEL_NODE_PARAMS` (the v1 layout `cuGraphAddKernelNode` takes).
#[repr(C)]
struct KernelNodeParams {
    func: Handle,
    grid: [c_uint; 3],
    block: [c_uint; 3],
    shared_mem_bytes: c_uint,
    kernel_params: *mut *mut c_void,
    extra: *mut *mut c_void,
}

#[derive(Clone, Copy)]
struct GraphApi {
    create: unsafe extern "C" fn(*mut Handle, c_uint) -> CuResult,
    add_kernel_node:
        unsafe extern "C" fn(*mut Handle, Handle, *const Handle, usize, *const KernelNodeParams) -> CuResult,
    instantiate: unsafe extern "C" fn(*mut Handle, Handle, u64) -> CuResult,
    launch: unsafe extern "C" fn(Handle, Handle) -> CuResult,
    exec_destroy: unsafe extern "C" fn(Handle) -> CuResult,
    destroy: unsafe extern "C" fn(Handle) -> CuResult,
}

/// `CU_STREAM_NON_BLOCKING`.
const STREAM_NON_BLOCKING: c_uint = 1;
/// `CU_MEMPOOL_ATTR_RELEASE_THRESHOLD`.
const MEMPOOL_RELEASE_THRESHOLD: c_int = 4;

/// `CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR` / `_MINOR`.
const COMPUTE_CAPABILITY_MAJOR: c_int = 75;
const COMPUTE_CAPABILITY_MINOR: c_int = 76;
/// `CU_JIT_INPUT_PTX`.
const JIT_INPUT_PTX: c_int = 1;

/// The driver on one device's primary context, with the stream all of the
/// runtime's work on that device is ordered on.
pub struct CudaDriver {
    api: Api,
    device: c_int,
    context: Handle,
    stream: Handle,
    // Keeps the symbols in `api` valid.
    _library: Library,
}

impl CudaDriver {
    /// The stream launches go on: the call's (an embedder's current stream,
    /// `cuda::stream`), else the device's.
    fn launch_stream(&self) -> Handle {
        super::stream::call_stream(self.device).unwrap_or(self.stream)
    }
}

// SAFETY: the driver API is thread-safe; every call makes the context
// current on the calling thread first.
unsafe impl Send for CudaDriver {}
unsafe impl Sync for CudaDriver {}

fn missing(what: &str, detail: impl std::fmt::Display) -> CudaError {
    CudaError { call: "dlopen", name: format!("{what}: {detail}") }
}

impl CudaDriver {
    /// Loads libcuda, initializes it and retains device 0's primary context.
    pub fn load() -> Result<CudaDriver> {
        CudaDriver::load_device(0)
    }

    /// Loads libcuda for device `ordinal`: its primary context, a
    /// non-blocking stream, and a memory pool that keeps freed memory.
    pub fn load_device(ordinal: i32) -> Result<CudaDriver> {
        // SAFETY: loading the system's CUDA driver library runs its
        // initializers, which is what using CUDA means.
        let library =
            unsafe { Library::new("libcuda.so.1") }.map_err(|e| CudaError { call: "dlopen", name: e.to_string() })?;
        macro_rules! symbol {
            ($name:literal) => {
                // SAFETY: the symbol has the C signature declared in `Api`.
                *unsafe { library.get($name) }.map_err(|e| missing(std::str::from_utf8($name).unwrap_or("?"), e))?
            };
        }
        let api = Api {
            init: symbol!(b"cuInit"),
            device_get: symbol!(b"cuDeviceGet"),
            primary_ctx_retain: symbol!(b"cuDevicePrimaryCtxRetain"),
            ctx_set_current: symbol!(b"cuCtxSetCurrent"),
            module_load_data: symbol!(b"cuModuleLoadData"),
            module_get_function: symbol!(b"cuModuleGetFunction"),
            func_set_attribute: symbol!(b"cuFuncSetAttribute"),
            launch_kernel: symbol!(b"cuLaunchKernel"),
            event_create: symbol!(b"cuEventCreate"),
            event_record: symbol!(b"cuEventRecord"),
            event_synchronize: symbol!(b"cuEventSynchronize"),
            event_elapsed: symbol!(b"cuEventElapsedTime"),
            event_destroy: symbol!(b"cuEventDestroy_v2"),
            mem_alloc: symbol!(b"cuMemAlloc_v2"),
            mem_free: symbol!(b"cuMemFree_v2"),
            get_error_name: symbol!(b"cuGetErrorName"),
            device_get_attribute: symbol!(b"cuDeviceGetAttribute"),
            driver_get_version: symbol!(b"cuDriverGetVersion"),
            link_create: symbol!(b"cuLinkCreate_v2"),
            link_add_data: symbol!(b"cuLinkAddData_v2"),
            link_complete: symbol!(b"cuLinkComplete"),
            link_destroy: symbol!(b"cuLinkDestroy"),
            ctx_get_current: symbol!(b"cuCtxGetCurrent"),
            stream_create: symbol!(b"cuStreamCreate"),
            stream_synchronize: symbol!(b"cuStreamSynchronize"),
            memset_d8_async: symbol!(b"cuMemsetD8Async"),
            memcpy_dtod_async: symbol!(b"cuMemcpyDtoDAsync_v2"),
            memcpy_htod_async: symbol!(b"cuMemcpyHtoDAsync_v2"),
            memcpy_dtoh_async: symbol!(b"cuMemcpyDtoHAsync_v2"),
            // SAFETY: as `symbol!`; a missing symbol is None.
            mem_alloc_async: unsafe { library.get(b"cuMemAllocAsync") }.ok().map(|s| *s),
            mem_free_async: unsafe { library.get(b"cuMemFreeAsync") }.ok().map(|s| *s),
            device_get_default_mem_pool: unsafe { library.get(b"cuDeviceGetDefaultMemPool") }.ok().map(|s| *s),
            mem_pool_set_attribute: unsafe { library.get(b"cuMemPoolSetAttribute") }.ok().map(|s| *s),
            // SAFETY: as `symbol!`; any missing symbol leaves graphs off.
            graph: unsafe {
                (|| {
                    Some(GraphApi {
                        create: *library.get(b"cuGraphCreate").ok()?,
                        add_kernel_node: *library.get(b"cuGraphAddKernelNode").ok()?,
                        instantiate: *library.get(b"cuGraphInstantiateWithFlags").ok()?,
                        launch: *library.get(b"cuGraphLaunch").ok()?,
                        exec_destroy: *library.get(b"cuGraphExecDestroy").ok()?,
                        destroy: *library.get(b"cuGraphDestroy").ok()?,
                    })
                })()
            },
        };
        let null = std::ptr::null_mut();
        let mut driver = CudaDriver { api, device: 0, context: null, stream: null, _library: library };
        // SAFETY: plain driver calls with out-pointers to locals.
        unsafe {
            driver.check("cuInit", (driver.api.init)(0))?;
            let mut device = 0;
            driver.check("cuDeviceGet", (driver.api.device_get)(&mut device, ordinal))?;
            driver.device = device;
            let mut context = null;
            driver.check("cuDevicePrimaryCtxRetain", (driver.api.primary_ctx_retain)(&mut context, device))?;
            driver.context = context;
            let previous = driver.enter()?;
            let mut stream = null;
            // Under an embedder (PyTorch), the runtime's work goes where the
            // embedder's does, on the legacy default stream (null): its
            // allocations and operators are ordered on that stream, and a
            // stream of the runtime's own would race them.
            let created = if crate::embedder::installed() {
                Ok(())
            } else {
                driver.check("cuStreamCreate", (driver.api.stream_create)(&mut stream, STREAM_NON_BLOCKING))
            };
            driver.stream = stream;
            let pooled = created.and_then(|()| driver.keep_pool_memory());
            if let Some(previous) = previous {
                driver.restore(previous)?;
            }
            pooled?;
        }
        Ok(driver)
    }

    /// Freed memory stays in the device's pool (no release on sync), so
    /// steady-state allocations do not reach the OS.
    fn keep_pool_memory(&self) -> Result<()> {
        let (Some(get_pool), Some(set_attribute)) =
            (self.api.device_get_default_mem_pool, self.api.mem_pool_set_attribute)
        else {
            return Ok(());
        };
        let mut pool = std::ptr::null_mut();
        let mut threshold = u64::MAX;
        // SAFETY: out-pointer to a local; the attribute takes a u64.
        unsafe {
            self.check("cuDeviceGetDefaultMemPool", get_pool(&mut pool, self.device))?;
            self.check(
                "cuMemPoolSetAttribute",
                set_attribute(pool, MEMPOOL_RELEASE_THRESHOLD, (&mut threshold as *mut u64).cast()),
            )
        }
    }

    /// Turns a status into an error carrying the driver's name for it.
    fn check(&self, call: &'static str, status: CuResult) -> Result<()> {
        if status == 0 {
            return Ok(());
        }
        Err(CudaError { call, name: self.error_name(status) })
    }

    /// Device memory with `bytes` copied in; freed with [`Driver::free`].
    pub fn upload(&self, bytes: &[u8]) -> Result<u64> {
        let pointer = self.alloc(bytes.len())?;
        self.copy_htod(pointer, bytes)?;
        Ok(pointer)
    }

    pub fn download(&self, pointer: u64, bytes: &mut [u8]) -> Result<()> {
        self.copy_dtoh(bytes, pointer)
    }
}

impl Driver for CudaDriver {
    fn load_module(&self, image: &[u8]) -> Result<ModuleHandle> {
        let _current = super::Current::enter(self)?;
        // PTX must be NUL-terminated; cubins are passed as they are.
        let text;
        let data = if image.starts_with(b"\x7fELF") {
            image.as_ptr()
        } else {
            text = CString::new(image.to_vec())
                .map_err(|_| CudaError { call: "cuModuleLoadData", name: "PTX contains NUL".into() })?;
            text.as_ptr().cast()
        };
        let mut module = std::ptr::null_mut();
        // SAFETY: `data` is a valid image for the duration of the call.
        self.check("cuModuleLoadData", unsafe { (self.api.module_load_data)(&mut module, data.cast()) })?;
        Ok(ModuleHandle(module as usize))
    }

    fn get_function(&self, module: ModuleHandle, name: &str) -> Result<FunctionHandle> {
        let name = CString::new(name)
            .map_err(|_| CudaError { call: "cuModuleGetFunction", name: "name contains NUL".into() })?;
        let mut function = std::ptr::null_mut();
        // SAFETY: a module from `load_module`, a NUL-terminated name.
        self.check("cuModuleGetFunction", unsafe {
            (self.api.module_get_function)(&mut function, module.0 as Handle, name.as_ptr())
        })?;
        Ok(FunctionHandle(function as usize))
    }

    fn set_max_dynamic_shared(&self, function: FunctionHandle, bytes: u32) -> Result<()> {
        // SAFETY: a function from `get_function`.
        self.check("cuFuncSetAttribute", unsafe {
            (self.api.func_set_attribute)(function.0 as Handle, MAX_DYNAMIC_SHARED, bytes as c_int)
        })
    }

    fn launch(
        &self,
        function: FunctionHandle,
        grid: [u32; 3],
        block: [u32; 3],
        shared_bytes: u32,
        args: &[*mut c_void],
    ) -> Result<()> {
        let _current = super::Current::enter(self)?;
        let mut args = args.to_vec();
        // SAFETY: `args` points at the kernel's argument values, as
        // cuLaunchKernel requires; the device's stream.
        self.check("cuLaunchKernel", unsafe {
            (self.api.launch_kernel)(
                function.0 as Handle,
                grid[0],
                grid[1],
                grid[2],
                block[0],
                block[1],
                block[2],
                shared_bytes,
                self.launch_stream(),
                args.as_mut_ptr(),
                std::ptr::null_mut(),
            )
        })
    }

    fn compile_ptx(&self, ptx: &[u8]) -> Result<Vec<u8>> {
        let _current = super::Current::enter(self)?;
        let text = CString::new(ptx.to_vec())
            .map_err(|_| CudaError { call: "cuLinkAddData", name: "PTX contains NUL".into() })?;
        let bytes = text.as_bytes_with_nul();
        let mut state = std::ptr::null_mut();
        // SAFETY: a linker state is created, fed one NUL-terminated PTX image,
        // completed, its cubin copied out, and destroyed.
        unsafe {
            self.check(
                "cuLinkCreate",
                (self.api.link_create)(0, std::ptr::null_mut(), std::ptr::null_mut(), &mut state),
            )?;
            let added = self.check(
                "cuLinkAddData",
                (self.api.link_add_data)(
                    state,
                    JIT_INPUT_PTX,
                    bytes.as_ptr() as *mut c_void,
                    bytes.len(),
                    c"kernel.ptx".as_ptr(),
                    0,
                    std::ptr::null_mut(),
                    std::ptr::null_mut(),
                ),
            );
            let (mut cubin, mut size) = (std::ptr::null_mut(), 0usize);
            let completed = added
                .and_then(|()| self.check("cuLinkComplete", (self.api.link_complete)(state, &mut cubin, &mut size)));
            let copy = completed.map(|()| std::slice::from_raw_parts(cubin as *const u8, size).to_vec());
            (self.api.link_destroy)(state);
            copy
        }
    }

    fn compute_capability(&self) -> Result<(i32, i32)> {
        let (mut major, mut minor) = (0, 0);
        // SAFETY: out-pointers to locals.
        unsafe {
            self.check(
                "cuDeviceGetAttribute",
                (self.api.device_get_attribute)(&mut major, COMPUTE_CAPABILITY_MAJOR, self.device),
            )?;
            self.check(
                "cuDeviceGetAttribute",
                (self.api.device_get_attribute)(&mut minor, COMPUTE_CAPABILITY_MINOR, self.device),
            )?;
        }
        Ok((major, minor))
    }

    fn driver_version(&self) -> Result<i32> {
        let mut version = 0;
        // SAFETY: out-pointer to a local.
        self.check("cuDriverGetVersion", unsafe { (self.api.driver_get_version)(&mut version) })?;
        Ok(version)
    }

    fn time(&self, work: &mut dyn FnMut() -> Result<()>) -> Result<f32> {
        let _current = super::Current::enter(self)?;
        let (mut start, mut stop) = (std::ptr::null_mut(), std::ptr::null_mut());
        // SAFETY: events created, recorded on the device's stream, destroyed.
        unsafe {
            self.check("cuEventCreate", (self.api.event_create)(&mut start, 0))?;
            self.check("cuEventCreate", (self.api.event_create)(&mut stop, 0))?;
            self.check("cuEventRecord", (self.api.event_record)(start, self.launch_stream()))?;
            let outcome = work();
            self.check("cuEventRecord", (self.api.event_record)(stop, self.launch_stream()))?;
            self.check("cuEventSynchronize", (self.api.event_synchronize)(stop))?;
            let mut ms = 0f32;
            self.check("cuEventElapsedTime", (self.api.event_elapsed)(&mut ms, start, stop))?;
            (self.api.event_destroy)(start);
            (self.api.event_destroy)(stop);
            outcome.map(|()| ms)
        }
    }

    fn alloc(&self, bytes: usize) -> Result<u64> {
        let _current = super::Current::enter(self)?;
        let mut pointer = 0u64;
        let bytes = bytes.max(1);
        // SAFETY: out-pointer to a local.
        unsafe {
            match self.api.mem_alloc_async {
                Some(alloc_async) => self.check("cuMemAllocAsync", alloc_async(&mut pointer, bytes, self.stream))?,
                None => self.check("cuMemAlloc", (self.api.mem_alloc)(&mut pointer, bytes))?,
            }
        }
        Ok(pointer)
    }

    fn memset_zero(&self, pointer: u64, bytes: usize) -> Result<()> {
        let _current = super::Current::enter(self)?;
        // SAFETY: `bytes` of device memory the caller owns.
        self.check("cuMemsetD8Async", unsafe { (self.api.memset_d8_async)(pointer, 0, bytes, self.stream) })
    }

    fn free(&self, pointer: u64) -> Result<()> {
        let _current = super::Current::enter(self)?;
        // SAFETY: a pointer from `alloc`, freed once, in stream order.
        unsafe {
            match self.api.mem_free_async {
                Some(free_async) => self.check("cuMemFreeAsync", free_async(pointer, self.stream)),
                None => self.check("cuMemFree", (self.api.mem_free)(pointer)),
            }
        }
    }

    fn copy_dtod(&self, dst: u64, src: u64, bytes: usize) -> Result<()> {
        let _current = super::Current::enter(self)?;
        // SAFETY: both ranges are device memory the caller checked.
        self.check("cuMemcpyDtoDAsync", unsafe { (self.api.memcpy_dtod_async)(dst, src, bytes, self.stream) })
    }

    fn copy_htod(&self, dst: u64, src: &[u8]) -> Result<()> {
        let _current = super::Current::enter(self)?;
        // SAFETY: reads `src.len()` bytes; waits so `src` may be dropped after.
        unsafe {
            self.check(
                "cuMemcpyHtoDAsync",
                (self.api.memcpy_htod_async)(dst, src.as_ptr().cast(), src.len(), self.stream),
            )?;
            self.check("cuStreamSynchronize", (self.api.stream_synchronize)(self.stream))
        }
    }

    fn copy_dtoh(&self, dst: &mut [u8], src: u64) -> Result<()> {
        let _current = super::Current::enter(self)?;
        // SAFETY: writes `dst.len()` bytes, complete after the stream sync.
        unsafe {
            self.check(
                "cuMemcpyDtoHAsync",
                (self.api.memcpy_dtoh_async)(dst.as_mut_ptr().cast(), src, dst.len(), self.stream),
            )?;
            self.check("cuStreamSynchronize", (self.api.stream_synchronize)(self.stream))
        }
    }

    fn synchronize(&self) -> Result<()> {
        let _current = super::Current::enter(self)?;
        // SAFETY: the device's stream.
        self.check("cuStreamSynchronize", unsafe { (self.api.stream_synchronize)(self.stream) })
    }

    fn enter(&self) -> Result<Option<usize>> {
        let mut current = std::ptr::null_mut();
        // SAFETY: out-pointer to a local; a context retained in `load_device`.
        unsafe {
            self.check("cuCtxGetCurrent", (self.api.ctx_get_current)(&mut current))?;
            if current == self.context {
                return Ok(None);
            }
            self.check("cuCtxSetCurrent", (self.api.ctx_set_current)(self.context))?;
        }
        Ok(Some(current as usize))
    }

    fn restore(&self, previous: usize) -> Result<()> {
        // SAFETY: a context (or null) `enter` read from this thread.
        self.check("cuCtxSetCurrent", unsafe { (self.api.ctx_set_current)(previous as Handle) })
    }

    fn raw_launch(&self) -> super::RawLaunch {
        super::RawLaunch { function: self.api.launch_kernel as usize, stream: self.stream as usize }
    }

    fn error_name(&self, status: i32) -> String {
        let mut name: *const c_char = std::ptr::null();
        // SAFETY: cuGetErrorName writes a pointer to a static string.
        let known = unsafe { (self.api.get_error_name)(status, &mut name) } == 0 && !name.is_null();
        if known {
            // SAFETY: a NUL-terminated static string from the driver.
            unsafe { CStr::from_ptr(name) }.to_string_lossy().into_owned()
        } else {
            format!("CUresult {status}")
        }
    }

    fn graph_build(&self, launches: &mut [KernelLaunch]) -> Result<GraphHandle> {
        let api = self.graph_api()?;
        let _current = super::Current::enter(self)?;
        let mut graph: Handle = std::ptr::null_mut();
        // SAFETY: out-pointer to a local.
        self.check("cuGraphCreate", unsafe { (api.create)(&mut graph, 0) })?;
        let built = (|| {
            let mut previous: Option<Handle> = None;
            for launch in launches.iter_mut() {
                let mut params = launch.params();
                let node_params = KernelNodeParams {
                    func: launch.function.0 as Handle,
                    grid: launch.grid,
                    block: launch.block,
                    shared_mem_bytes: launch.shared_bytes,
                    kernel_params: params.as_mut_ptr(),
                    extra: std::ptr::null_mut(),
                };
                let mut node: Handle = std::ptr::null_mut();
                let dependencies = previous.as_slice();
                // SAFETY: the driver copies the parameter values at this call.
                self.check("cuGraphAddKernelNode", unsafe {
                    (api.add_kernel_node)(&mut node, graph, dependencies.as_ptr(), dependencies.len(), &node_params)
                })?;
                previous = Some(node);
            }
            let mut exec: Handle = std::ptr::null_mut();
            // SAFETY: out-pointer to a local; a complete graph.
            self.check("cuGraphInstantiateWithFlags", unsafe { (api.instantiate)(&mut exec, graph, 0) })?;
            Ok(GraphHandle(exec as usize))
        })();
        // The executable graph keeps what it needs; the template goes.
        // SAFETY: created above, destroyed once.
        let _ = unsafe { (api.destroy)(graph) };
        built
    }

    fn graph_launch(&self, graph: GraphHandle) -> Result<()> {
        let api = self.graph_api()?;
        let _current = super::Current::enter(self)?;
        // SAFETY: an executable graph of this context, on the device's stream.
        self.check("cuGraphLaunch", unsafe { (api.launch)(graph.0 as Handle, self.stream) })
    }

    fn graph_destroy(&self, graph: GraphHandle) -> Result<()> {
        let api = self.graph_api()?;
        let _current = super::Current::enter(self)?;
        // SAFETY: an executable graph made by graph_build, destroyed once.
        self.check("cuGraphExecDestroy", unsafe { (api.exec_destroy)(graph.0 as Handle) })
    }
}

impl CudaDriver {
    fn graph_api(&self) -> Result<GraphApi> {
        self.api
            .graph
            .ok_or_else(|| missing("CUDA graphs", "this driver lacks cuGraphInstantiateWithFlags (CUDA 11.4+)"))
    }
}
