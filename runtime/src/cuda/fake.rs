//! A simulated device for testing the CUDA backend's logic without a GPU:
//! it counts calls and runs a clock advanced by a programmable launch cost.

use std::sync::Mutex;

use super::{CudaError, Driver, FunctionHandle, ModuleHandle, Result};

type Cost = Box<dyn Fn([u32; 3], [u32; 3]) -> f32 + Send + Sync>;

#[derive(Default)]
struct State {
    loads: usize,
    launches: usize,
    timings: usize,
    clock_ms: f32,
    last_grid: Option<[u32; 3]>,
    max_shared: Option<u32>,
    fail_loads: Option<String>,
    compiles: usize,
    last_image: Option<Vec<u8>>,
    compute_capability: Option<(i32, i32)>,
}

pub struct FakeDriver {
    state: Mutex<State>,
    cost: Mutex<Cost>,
}

impl Default for FakeDriver {
    fn default() -> Self {
        Self::new()
    }
}

impl FakeDriver {
    pub fn new() -> FakeDriver {
        FakeDriver { state: Mutex::new(State::default()), cost: Mutex::new(Box::new(|_, _| 1.0)) }
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Milliseconds one launch of `grid` × `block` takes on the simulated device.
    pub fn set_cost(&self, cost: impl Fn([u32; 3], [u32; 3]) -> f32 + Send + Sync + 'static) {
        *self.cost.lock().unwrap_or_else(|p| p.into_inner()) = Box::new(cost);
    }

    pub fn fail_loads_with(&self, name: &str) {
        self.state().fail_loads = Some(name.to_string());
    }

    pub fn loads(&self) -> usize {
        self.state().loads
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
}

impl Driver for FakeDriver {
    fn load_module(&self, image: &[u8]) -> Result<ModuleHandle> {
        let mut state = self.state();
        state.loads += 1;
        state.last_image = Some(image.to_vec());
        match &state.fail_loads {
            Some(name) => Err(CudaError { call: "cuModuleLoadData", name: name.clone() }),
            None => Ok(ModuleHandle(state.loads)),
        }
    }

    fn get_function(&self, module: ModuleHandle, _name: &str) -> Result<FunctionHandle> {
        Ok(FunctionHandle(module.0))
    }

    fn set_max_dynamic_shared(&self, _function: FunctionHandle, bytes: u32) -> Result<()> {
        self.state().max_shared = Some(bytes);
        Ok(())
    }

    fn launch(
        &self,
        _function: FunctionHandle,
        grid: [u32; 3],
        block: [u32; 3],
        _shared_bytes: u32,
        _args: &[*mut std::ffi::c_void],
    ) -> Result<()> {
        let cost = (self.cost.lock().unwrap_or_else(|p| p.into_inner()))(grid, block);
        let mut state = self.state();
        state.launches += 1;
        state.clock_ms += cost;
        state.last_grid = Some(grid);
        Ok(())
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
}
