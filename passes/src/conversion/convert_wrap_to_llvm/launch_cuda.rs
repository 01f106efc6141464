//! GPU launches through lazy slots (one `cuLaunchKernel` on the fast path)
//! and device guards.

use melior::dialect::arith::CmpiPredicate;
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{Block, RegionLike, Type, Value, ValueLike};
use wrapc_dialects::{TensorTypeInfo, WrapOp};

use super::abi::*;
use super::FnLowering;
use crate::ir::{self, dense_segment, PassResult};

impl<'c, 'a, 'd> FnLowering<'c, 'a, 'd> {
    /// A device guard around GPU work: the device's context is made current
    /// (only if it is not already) and the thread's previous one restored
    /// after the body. Host code runs on one device: there the guard only
    /// scopes its body.
    pub(super) fn lower_device_guard(&mut self, op: OperationRef<'c, '_>, results: &[Type<'c>]) -> PassResult {
        let Some(body) = op.region(0).ok().and_then(|r| r.first_block()) else { return Ok(()) };
        if ir::collect_ops(op, WrapOp::LazyLaunch.name()).is_empty() {
            return self.lower_block(body, results);
        }
        let device = self.const_int(ir::int_attr(op, "device").unwrap_or(0), "i32");
        // Lives across the guard's body, whose ops reuse the scratch slots.
        let previous = self.entry_alloca("!llvm.ptr", 1);
        self.checked("wrt_cuda_guard_enter", &[device, previous]);
        self.guards.push((device, previous));
        self.lower_block(body, results)?;
        self.guards.pop();
        let restore = self.load(previous, "!llvm.ptr");
        self.checked("wrt_cuda_guard_exit", &[device, restore]);
        Ok(())
    }

    /// Loads field `path` of the slot entry at `entry`.
    pub(super) fn entry_field(&self, entry: Value<'c, 'a>, path: &[i32], ty: &str) -> Value<'c, 'a> {
        self.struct_field(entry, slot_entry_type(), path, ty)
    }

    /// GPU launch through the kernel's slot (made by wrap-lower-lazy-launch):
    /// the entry of the first tensor's device; when it is published, the
    /// grid inline and one `cuLaunchKernel` through the cached pointer;
    /// otherwise, or when that launch fails, the runtime's slow path.
    pub(super) fn lower_lazy_launch(&mut self, op: OperationRef<'c, '_>, operands: &[Value<'c, 'a>]) -> PassResult {
        let (grid_rank, numel_rank) = (dense_segment(op, 0), dense_segment(op, 1));
        let (extents, args) = operands.split_at(grid_rank + numel_rank);
        let arg_types: Vec<Type<'c>> = op.operands().skip(extents.len()).map(|v| v.r#type()).collect();
        let ptr = "!llvm.ptr";
        let params = self.alloca(ptr, args.len().max(1) as i64);
        let tensors = self.alloca(ptr, args.len().max(1) as i64);
        let null = self.b().value("llvm.mlir.zero", &[], self.ty(ptr), &[]);
        let mut first_tensor = None;
        for (k, (&arg, &ty)) in args.iter().zip(&arg_types).enumerate() {
            let (value, handle) = match TensorTypeInfo::from_type(ty) {
                Some(info) => {
                    first_tensor.get_or_insert(arg);
                    (self.data_address(arg, &info), arg)
                }
                None if ty.to_string() == "index" => (self.to_i64(arg), null),
                None => (arg, null),
            };
            let cell = self.alloca(&value.r#type().to_string(), 1);
            self.store(value, cell);
            let at = self.gep(params, ptr, k as i64);
            self.store(cell, at);
            let at = self.gep(tensors, ptr, k as i64);
            self.store(handle, at);
        }
        let Some(first_tensor) = first_tensor else {
            return ir::fail(op, "a GPU launch needs a tensor argument (its device picks the slot entry)");
        };
        let b = self.b();
        let slot = b.value(
            "llvm.mlir.addressof",
            &[],
            self.ty(ptr),
            &[("global_name", b.attr(&format!("@\"{}\"", ir::flat_symbol_attr(op, "slot").unwrap_or_default())))],
        );
        let descriptor = b.value(
            "llvm.mlir.addressof",
            &[],
            self.ty(ptr),
            &[("global_name", b.attr(&format!("@\"{}\"", ir::flat_symbol_attr(op, "descriptor").unwrap_or_default())))],
        );
        let device = self.header_field(first_tensor, &[HEADER_DEVICE_INDEX], "i32");
        let limit = self.const_int(MAX_DEVICES, "i32");
        let in_range = self.cmpi(CmpiPredicate::Ult, device, limit);
        let zero32 = self.const_int(0, "i32");
        let ordinal = b.value("arith.select", &[in_range, device, zero32], self.ty("i32"), &[]);
        let ordinal = b.value("arith.extui", &[ordinal], self.ty("i64"), &[]);
        let entry_bytes = self.const_int(SLOT_ENTRY_BYTES, "i64");
        let offset = b.value("arith.muli", &[ordinal, entry_bytes], self.ty("i64"), &[]);
        let entry = b.value(
            "llvm.getelementptr",
            &[slot, offset],
            self.ty(ptr),
            &[("rawConstantIndices", b.dense_i32(&[i32::MIN])), ("elem_type", b.attr("i8"))],
        );
        let function = b.value(
            "llvm.load",
            &[entry],
            self.ty(ptr),
            &[("ordering", b.attr(ACQUIRE)), ("alignment", b.attr("8 : i64"))],
        );
        let address = b.value("llvm.ptrtoint", &[function], self.ty("i64"), &[]);
        let zero64 = self.const_int(0, "i64");
        let loaded = self.cmpi(CmpiPredicate::Ne, address, zero64);
        let ready = self.and(loaded, in_range);

        let fast = self.region.append_block(Block::new(&[]));
        let slow = self.region.append_block(Block::new(&[(self.ty("i32"), self.location)]));
        let done = self.region.append_block(Block::new(&[]));
        b.create_with_successors(
            "cf.cond_br",
            &[ready, zero32],
            &[fast, slow],
            &[("operandSegmentSizes", b.dense_i32(&[1, 0, 1]))],
        );

        self.block = fast;
        let launch = self.entry_field(entry, &[SLOT_LAUNCH], ptr);
        let stream = self.entry_field(entry, &[SLOT_STREAM], ptr);
        // Blocks per axis; past CUDA's gridDim limits the slow path names
        // the error (a truncated grid would silently skip work).
        let mut grid = Vec::new();
        let mut too_large = None;
        for (d, limit) in GRID_LIMITS.into_iter().enumerate() {
            let extent = extents.get(d).map(|&e| self.to_i64(e)).unwrap_or_else(|| self.const_int(1, "i64"));
            let programs = if numel_rank > 0 && d < numel_rank {
                let divisor = self.entry_field(entry, &[SLOT_DIVISOR, d as i32], "i64");
                self.b().value("arith.ceildivui", &[extent, divisor], self.ty("i64"), &[])
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
            grid.push(self.b().value("arith.trunci", &[programs], self.ty("i32"), &[]));
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
        let b = self.b();
        b.create_with_successors(
            "cf.cond_br",
            &[too_large, zero32],
            &[slow, launch_block],
            &[("operandSegmentSizes", b.dense_i32(&[1, 1, 0]))],
        );
        self.block = launch_block;
        let b = self.b();
        let call_operands =
            [launch, function, grid[0], grid[1], grid[2], threads, one, one, shared, stream, params, null];
        let status = b.value(
            "llvm.call",
            &call_operands,
            self.ty("i32"),
            &[
                ("operandSegmentSizes", b.dense_i32(&[call_operands.len() as i32, 0])),
                ("op_bundle_sizes", b.dense_i32(&[])),
            ],
        );
        let launched = self.cmp_eq(status, zero32);
        let b = self.b();
        b.create_with_successors(
            "cf.cond_br",
            &[launched, status],
            &[done, slow],
            &[("operandSegmentSizes", b.dense_i32(&[1, 0, 1]))],
        );

        self.block = slow;
        let failed: Value = slow.argument(0).unwrap().into();
        let extents64: Vec<Value> = (0..3)
            .map(|d| extents.get(d).map(|&e| self.to_i64(e)).unwrap_or_else(|| self.const_int(1, "i64")))
            .collect();
        let extents_array = self.i64_array(&extents64);
        let count = self.const_int(args.len() as i64, "i64");
        let by_elements = self.const_int(i64::from(numel_rank > 0), "i32");
        self.checked(
            "wrt_cuda_launch_slow",
            &[slot, descriptor, device, params, tensors, count, extents_array, by_elements, failed],
        );
        self.jump(done);
        self.block = done;
        Ok(())
    }
}
