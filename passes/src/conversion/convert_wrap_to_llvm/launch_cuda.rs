//! GPU launches through lazy slots (one `cuLaunchKernel` on the fast path)
//! and device guards.

use std::collections::hash_map::Entry;

use melior::dialect::arith::{self, CmpiPredicate};
use melior::dialect::llvm::attributes::Linkage;
use melior::dialect::{func, llvm};
use melior::ir::attribute::{StringAttribute, TypeAttribute};
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::{FunctionType, TypeLike};
use melior::ir::{Block, Identifier, Region, RegionLike, Type, Value, ValueLike};
use wrapc_dialects::views::{self, DeviceGuardOp, LazyLaunchOp};
use wrapc_dialects::{TensorTypeInfo, WrapOp};

use super::abi::*;
use super::builder::AtomicOrdering;
use super::types::{self, Lowered};
use super::FnLowering;
use crate::ir::{self, dense_segment, PassResult};

impl<'c, 'a, 'd> FnLowering<'c, 'a, 'd> {
    /// A device guard around GPU work: the device's context is made current
    /// (only if it is not already) and the thread's previous one restored
    /// after the body. Host code runs on one device: there the guard only
    /// scopes its body.
    pub(super) fn lower_device_guard(&mut self, op: OperationRef<'c, '_>) -> PassResult {
        let Some(body) = op.region(0).ok().and_then(|r| r.first_block()) else { return Ok(()) };
        if ir::collect_ops(op, WrapOp::LazyLaunch.name()).is_empty() {
            return self.lower_block(body);
        }
        let device = views::reported(op, DeviceGuardOp::new)?.device();
        let device = self.const_int(device, "i32");
        // Lives across the guard's body, whose ops reuse the scratch slots.
        let previous = self.entry_alloca(PTR, 1);
        self.checked(RuntimeFn::CudaGuardEnter, &[device, previous]);
        self.unwind.enter_guard(device, previous);
        self.lower_block(body)?;
        self.unwind.exit_guard();
        let restore = self.load(previous, PTR);
        self.checked(RuntimeFn::CudaGuardExit, &[device, restore]);
        Ok(())
    }

    /// Loads field `path` of the slot entry at `entry`.
    pub(super) fn entry_field(&self, entry: Value<'c, 'a>, path: &[i32], ty: &str) -> Value<'c, 'a> {
        self.struct_field(entry, slot_entry_type(), path, ty)
    }

    /// GPU launch through the kernel's slot (made by wrap-lower-lazy-launch):
    /// the launch's parameter array and its first tensor's device, handed
    /// to the slot's launcher ([`FnLowering::launcher`]), whose failure
    /// exits as any runtime call's.
    pub(super) fn lower_lazy_launch(&mut self, op: OperationRef<'c, '_>, operands: &[Value<'c, 'a>]) -> PassResult {
        if views::reported(op, LazyLaunchOp::new)?.cuda_graph() {
            return self.lower_graph_launch(op, operands);
        }
        let (grid_rank, numel_rank) = (dense_segment(op, 0), dense_segment(op, 1));
        let (extents, args) = operands.split_at(grid_rank + numel_rank);
        let Some(LaunchArguments { params, tensors, first_tensor }) = self.launch_arguments(op, args, false) else {
            return ir::fail(op, "a GPU launch needs a tensor argument (its device picks the slot entry)");
        };
        let device = self.header_field(first_tensor, &[HEADER_DEVICE_INDEX], "i32");
        let extents = self.extents64(extents);
        let (slot, descriptor) = self.slot_and_descriptor(op)?;
        let launcher = self.launcher(&slot, &descriptor, grid_rank, numel_rank, args.len());
        let call = self.call_symbol(
            &launcher,
            &[params, tensors, device, extents[0], extents[1], extents[2]],
            &[self.ty("i32")],
        );
        let status = call.result(0).expect("a launcher returns a status").into();
        self.bail_if_failed(status);
        Ok(())
    }

    /// The slot and descriptor `op` launches through. A slot keeps the
    /// kernel its first launch loaded, so every launch through it must name
    /// the same descriptor: another would run that kernel instead of its own
    /// (and share its launcher), so it is an error here.
    fn slot_and_descriptor(&mut self, op: OperationRef<'c, '_>) -> Result<(String, String), ir::Reported> {
        let launch = views::reported(op, LazyLaunchOp::new)?;
        let (slot, descriptor) = (launch.slot(), launch.descriptor());
        match self.decls.slot_descriptors.entry(slot.clone()) {
            Entry::Vacant(first) => {
                first.insert(descriptor.clone());
            }
            Entry::Occupied(first) if *first.get() != descriptor => {
                return ir::fail(
                    op,
                    &format!(
                        "slot '{slot}' launches descriptor '{descriptor}' here but '{}' elsewhere: a slot \
                         keeps the one kernel it first loads, so its launches must name one descriptor",
                        first.get()
                    ),
                );
            }
            Entry::Occupied(_) => {}
        }
        Ok((slot, descriptor))
    }

    /// `__wrapc_launcher_<slot>_<grid rank>_<numel rank>_<arguments>`: a
    /// launch through `slot`, made once per slot and launch shape, called
    /// as `i32 (params, tensors, device, extent x3)` and returning the
    /// status. Written out at every launch, this was ~85 LLVM instructions
    /// each, which code generation then spent most of a 10,000-launch
    /// wrapper's compile time on; the call it costs instead is nothing
    /// beside `cuLaunchKernel`'s microseconds.
    fn launcher(
        &mut self,
        slot: &str,
        descriptor: &str,
        grid_rank: usize,
        numel_rank: usize,
        num_args: usize,
    ) -> String {
        let name = format!("__wrapc_launcher_{slot}_{grid_rank}_{numel_rank}_{num_args}");
        if !self.decls.declared.insert(name.clone()) {
            return name;
        }
        let (ptr, i32t, i64t) = (self.ty(PTR), self.ty("i32"), self.ty("i64"));
        let location = self.location;
        let params = [ptr, ptr, i32t, i64t, i64t, i64t];
        let region = Region::new();
        region.append_block(Block::new(&params.map(|t| (t, location))));
        let function = func::func(
            self.context,
            StringAttribute::new(self.context, &name),
            TypeAttribute::new(FunctionType::new(self.context, &params, &[i32t]).into()),
            region,
            &[
                (Identifier::new(self.context, "sym_visibility"), StringAttribute::new(self.context, "private").into()),
                (
                    Identifier::new(self.context, "llvm.linkage"),
                    llvm::attributes::linkage(self.context, Linkage::Internal),
                ),
            ],
            location,
        );
        let function = self.module_body.append_operation(function);
        let region = function.region(0).expect("a body");
        // A launcher lowers no wrap IR: it owns nothing.
        let owns_nothing = super::ownership::Ownership::default();
        let mut launcher =
            FnLowering::new(self.context, location, self.module_body, region, &name, owns_nothing, self.decls);
        let arg = |i: usize| -> Value<'c, 'a> { region.first_block().unwrap().argument(i).unwrap().into() };
        let extents = [arg(3), arg(4), arg(5)];
        let shape = LaunchShape { num_args, extents: &extents[..grid_rank + numel_rank], numel_rank };
        launcher.launch_through_slot(slot, descriptor, [arg(0), arg(1)], arg(2), shape);
        name
    }

    /// A launcher's body: the entry of `device`'s ordinal in the slot; when
    /// it is published, the grid inline and one `cuLaunchKernel` through the
    /// cached pointer; otherwise, or when that launch fails, the runtime's
    /// slow path. Returns 0, or the slow path's failure.
    fn launch_through_slot(
        &mut self,
        slot: &str,
        descriptor: &str,
        [params, tensors]: [Value<'c, 'a>; 2],
        device: Value<'c, 'a>,
        shape: LaunchShape<'_, 'c, 'a>,
    ) {
        let LaunchShape { num_args, extents, numel_rank } = shape;
        let ptr = PTR;
        let null = self.null();
        let slot = self.address_of(slot);
        let descriptor = self.address_of(descriptor);
        let limit = self.const_int(MAX_DEVICES, "i32");
        let in_range = self.cmpi(CmpiPredicate::Ult, device, limit);
        let zero32 = self.const_int(0, "i32");
        let ordinal = self.emit(arith::select(in_range, device, zero32, self.location));
        let ordinal = self.extui(ordinal, "i64");
        let entry_bytes = self.const_int(SLOT_ENTRY_BYTES, "i64");
        let offset = self.muli(ordinal, entry_bytes);
        let entry = self.gep_dynamic(slot, "i8", offset);
        let function = self.atomic_load(entry, ptr, AtomicOrdering::Acquire, 8);
        let address = self.ptr_to_int(function);
        let zero64 = self.const_int(0, "i64");
        let loaded = self.cmpi(CmpiPredicate::Ne, address, zero64);
        let ready = self.and(loaded, in_range);

        let fast = self.region.append_block(Block::new(&[]));
        let slow = self.region.append_block(Block::new(&[(self.ty("i32"), self.location)]));
        let done = self.region.append_block(Block::new(&[]));
        self.branch_with(ready, (fast, &[]), (slow, &[zero32]));

        self.block = fast;
        let launch = self.entry_field(entry, &[SLOT_LAUNCH], ptr);
        // The device's stream, unless the embedder made its current stream
        // the call's (`wrt_cuda_swap_stream`): a thread-local read.
        let own_stream = self.entry_field(entry, &[SLOT_STREAM], ptr);
        let stream = self.call(RuntimeFn::CudaStream, &[device, own_stream]).expect("wrt_cuda_stream returns a stream");
        // Blocks per axis; past CUDA's gridDim limits the slow path names
        // the error (a truncated grid would silently skip work).
        let mut grid = Vec::new();
        let mut too_large = None;
        for (d, limit) in GRID_LIMITS.into_iter().enumerate() {
            let extent = extents.get(d).copied().unwrap_or_else(|| self.const_int(1, "i64"));
            let programs = if numel_rank > 0 && d < numel_rank {
                let divisor = self.entry_field(entry, &[SLOT_DIVISOR, d as i32], "i64");
                self.ceildivui(extent, divisor)
            } else {
                extent
            };
            if d < extents.len() {
                let limit = self.const_int(limit, "i64");
                let over = self.cmpi(CmpiPredicate::Ugt, programs, limit);
                too_large = Some(match too_large {
                    Some(any) => self.or(any, over),
                    None => over,
                });
            }
            grid.push(self.trunci(programs, "i32"));
        }
        let threads = self.entry_field(entry, &[SLOT_THREADS], "i32");
        let shared = self.entry_field(entry, &[SLOT_SHARED_BYTES], "i32");
        let one = self.const_int(1, "i32");
        let mut empty = self.cmp_eq(grid[0], zero32);
        for &g in &grid[1..] {
            let zero = self.cmp_eq(g, zero32);
            empty = self.or(empty, zero);
        }
        let checked = self.region.append_block(Block::new(&[]));
        self.branch(empty, done, checked);
        self.block = checked;
        let launch_block = self.region.append_block(Block::new(&[]));
        let too_large = too_large.expect("a launch has at least one extent");
        self.branch_with(too_large, (slow, &[zero32]), (launch_block, &[]));
        self.block = launch_block;
        let launch_args = [function, grid[0], grid[1], grid[2], threads, one, one, shared, stream, params, null];
        let status = self.call_indirect(launch, &launch_args, "i32");
        let launched = self.cmp_eq(status, zero32);
        self.branch_with(launched, (done, &[]), (slow, &[status]));

        self.block = slow;
        let failed: Value = slow.argument(0).unwrap().into();
        let mut call =
            self.runtime_launch_args([slot, descriptor, device, params, tensors], extents, num_args, numel_rank);
        call.push(failed);
        self.checked(RuntimeFn::CudaLaunchSlow, &call);
        self.jump(done);
        self.block = done;
        self.return_(&[zero32]);
    }

    /// Begins a graph-mode entry point's batch (after its argument checks:
    /// a call refused there launches nothing).
    pub(super) fn begin_graph(&mut self, slot: &str) {
        let slot = self.address_of(slot);
        self.checked(RuntimeFn::CudaGraphBegin, &[slot]);
        self.unwind.begin_graph(slot);
    }

    /// A `cuda_graph` launch: one `wrt_cuda_graph_launch` with every
    /// argument in an 8-byte cell (zero-extended), so that the runtime can
    /// keep the values for a graph node and compare them with the next
    /// call's.
    fn lower_graph_launch(&mut self, op: OperationRef<'c, '_>, operands: &[Value<'c, 'a>]) -> PassResult {
        let (grid_rank, numel_rank) = (dense_segment(op, 0), dense_segment(op, 1));
        let (extents, args) = operands.split_at(grid_rank + numel_rank);
        // Each argument is recorded as one 8-byte cell.
        let first_arg = op.operand_count() - args.len();
        for (k, operand) in op.operands().skip(first_arg).enumerate() {
            let ty = operand.r#type();
            let fits = matches!(
                types::convert(ty),
                Some(Lowered::Handle | Lowered::Index | Lowered::Int(..=64) | Lowered::Float(16 | 32 | 64))
            );
            if !fits {
                return ir::fail(
                    op,
                    &format!("a CUDA-graph launch passes scalars of at most 64 bits; argument #{k} is {ty}"),
                );
            }
        }
        let Some(LaunchArguments { params, tensors, first_tensor }) = self.launch_arguments(op, args, true) else {
            return ir::fail(op, "a GPU launch needs a tensor argument (its device picks the slot entry)");
        };
        let (slot, descriptor) = self.slot_and_descriptor(op)?;
        let (slot, descriptor) = (self.address_of(&slot), self.address_of(&descriptor));
        let device = self.header_field(first_tensor, &[HEADER_DEVICE_INDEX], "i32");
        let call =
            self.runtime_launch_args([slot, descriptor, device, params, tensors], extents, args.len(), numel_rank);
        self.checked(RuntimeFn::CudaGraphLaunch, &call);
        Ok(())
    }

    /// What the runtime's launch entry points (`wrt_cuda_launch_slow`,
    /// `wrt_cuda_graph_launch`) take, in order: slot, descriptor, device,
    /// params, tensors, then the argument count, the three extents (1 for
    /// an axis not given) and whether they count elements.
    fn runtime_launch_args(
        &mut self,
        leading: [Value<'c, 'a>; 5],
        extents: &[Value<'c, 'a>],
        num_args: usize,
        numel_rank: usize,
    ) -> Vec<Value<'c, 'a>> {
        let extents64 = self.extents64(extents);
        let mut call = leading.to_vec();
        call.push(self.const_int(num_args as i64, "i64"));
        call.push(self.i64_array(&extents64));
        call.push(self.const_int(i64::from(numel_rank > 0), "i32"));
        call
    }

    /// A launch's extents as three i64s (1 for an axis not given).
    fn extents64(&self, extents: &[Value<'c, 'a>]) -> [Value<'c, 'a>; 3] {
        std::array::from_fn(|d| extents.get(d).map(|&e| self.to_i64(e)).unwrap_or_else(|| self.const_int(1, "i64")))
    }

    /// `cuLaunchKernel`'s parameter array for a launch's `args` (a pointer
    /// to a cell per argument: a tensor's data address, an index as i64,
    /// other scalars as they are; with `wide_cells` every cell is 8 bytes,
    /// zeroed first, for the CUDA-graph recorder), the tensor handle of each
    /// argument (null for scalars), and the first tensor. None without a
    /// tensor argument. The handles are stored at every call though only
    /// the slow path reads them (autotuning's memory spans, at the first
    /// call): a few stores beside `cuLaunchKernel`'s microseconds, where
    /// building them only on the slow path would put that path's call at
    /// every launch site, the code the launcher exists to keep out.
    fn launch_arguments(
        &mut self,
        op: OperationRef<'c, '_>,
        args: &[Value<'c, 'a>],
        wide_cells: bool,
    ) -> Option<LaunchArguments<'c, 'a>> {
        let first_arg = op.operand_count() - args.len();
        let arg_types: Vec<Type<'c>> = op.operands().skip(first_arg).map(|v| v.r#type()).collect();
        let ptr = PTR;
        let params = self.alloca(ptr, args.len().max(1) as i64);
        let tensors = self.alloca(ptr, args.len().max(1) as i64);
        let null = self.null();
        let zero = wide_cells.then(|| self.const_int(0, "i64"));
        let mut first_tensor = None;
        for (k, (&arg, &ty)) in args.iter().zip(&arg_types).enumerate() {
            let (value, handle) = match TensorTypeInfo::from_type(ty) {
                Some(info) => {
                    first_tensor.get_or_insert(arg);
                    (self.data_address(arg, &info), arg)
                }
                None if ty.is_index() => (self.to_i64(arg), null),
                None => (arg, null),
            };
            let cell = match zero {
                Some(zero) => {
                    let cell = self.alloca("i64", 1);
                    self.store(zero, cell);
                    cell
                }
                None => self.alloca(&value.r#type().to_string(), 1),
            };
            self.store(value, cell);
            let at = self.gep(params, ptr, k as i64);
            self.store(cell, at);
            let at = self.gep(tensors, ptr, k as i64);
            self.store(handle, at);
        }
        Some(LaunchArguments { params, tensors, first_tensor: first_tensor? })
    }
}

/// What a launcher launches: how many arguments, the extents (grid axes,
/// then element counts, as i64s) and how many of those count elements.
struct LaunchShape<'e, 'c, 'a> {
    num_args: usize,
    extents: &'e [Value<'c, 'a>],
    numel_rank: usize,
}

/// What [`FnLowering::launch_arguments`] lays out.
struct LaunchArguments<'c, 'a> {
    params: Value<'c, 'a>,
    tensors: Value<'c, 'a>,
    first_tensor: Value<'c, 'a>,
}
