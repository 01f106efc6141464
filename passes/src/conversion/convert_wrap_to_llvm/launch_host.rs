//! Kernel launches on the host backend: trampolines over the host payload,
//! run by `wrt_launch_host` over the grid.

use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{Block, RegionLike, Type, Value, ValueLike};
use wrapc_dialects::views::{self, KernelOp, LaunchOp};
use wrapc_dialects::{DeviceKind, KernelConfig, TensorTypeInfo};

use melior::dialect::llvm::attributes::Linkage;
use melior::dialect::llvm::LoadStoreOptions;
use melior::dialect::{arith, func, llvm, ods};
use melior::ir::attribute::{DenseI32ArrayAttribute, FlatSymbolRefAttribute, StringAttribute, TypeAttribute};
use melior::ir::r#type::{FunctionType, TypeLike};
use melior::ir::Region;

use super::abi::*;
use super::builder::insert_value;
use super::FnLowering;
use crate::ir::{self, dense_segment, Builder, PassResult};

impl<'c, 'a, 'd> FnLowering<'c, 'a, 'd> {
    /// Host launch: `wrt_launch_host` runs the kernel's trampoline for every
    /// program id (in parallel for large grids); the argument array holds
    /// tensor data pointers and pointers to the scalars.
    pub(super) fn lower_launch(&mut self, op: OperationRef<'c, '_>, operands: &[Value<'c, 'a>]) -> PassResult {
        let kernel_name = views::reported(op, LaunchOp::new)?.kernel();
        let kernel = ir::lookup_symbol(op, &kernel_name).expect("verified kernel");
        let view = views::reported(kernel, KernelOp::new)?;
        if let Some(library) = view.library() {
            return self.lower_library_launch(&kernel_name, &view, &library, operands);
        }
        let Some(host) = view.host() else {
            return ir::fail(
                op,
                &format!("kernel '{kernel_name}' has no host payload; the host backend cannot launch it"),
            );
        };
        let on_gpu =
            op.operands().any(|v| TensorTypeInfo::from_type(v.r#type()).is_some_and(|t| t.device == DeviceKind::Cuda));
        if on_gpu {
            return ir::fail(
                op,
                &format!("kernel '{kernel_name}' is launched on CUDA tensors: run wrap-lower-lazy-launch first (wrapc compile --target=cuda)"),
            );
        }
        let (grid_rank, numel_rank) = (dense_segment(op, 0), dense_segment(op, 1));
        let (extents, args) = operands.split_at(grid_rank + numel_rank);
        // Host kernels are written for the first config's block.
        let grid: Vec<Value> = if numel_rank == 0 {
            extents.to_vec()
        } else {
            let first = view.configs().first().and_then(|c| KernelConfig::from_attribute(*c));
            let block = first.map(|c| c.block).unwrap_or_default();
            extents
                .iter()
                .enumerate()
                .map(|(d, &n)| {
                    let divisor = self.const_int(block.get(d).copied().unwrap_or(1).max(1), "i64");
                    self.ceildivui(n, divisor)
                })
                .collect()
        };
        // The kernel's own signature says which arguments are tensors (the
        // lowered values are all pointers by now).
        let (arg_types, _) = view.function_type();
        let trampoline = self.trampoline(&kernel_name, &host, &arg_types);
        let array = self.alloca(PTR, args.len().max(1) as i64);
        for (k, (&arg, &ty)) in args.iter().zip(&arg_types).enumerate() {
            let pointer = if let Some(info) = TensorTypeInfo::from_type(ty) {
                self.data_address(arg, &info)
            } else {
                let scalar = if arg.r#type().is_index() { self.to_i64(arg) } else { arg };
                let slot = self.alloca(&scalar.r#type().to_string(), 1);
                self.store(scalar, slot);
                slot
            };
            let entry = self.gep(array, PTR, k as i64);
            self.store(pointer, entry);
        }
        let extents: Vec<Value> =
            (0..3).map(|d| grid.get(d).map(|&g| self.to_i64(g)).unwrap_or_else(|| self.const_int(1, "i64"))).collect();
        let function = self.trampoline_address(&trampoline);
        self.checked(RuntimeFn::LaunchHost, &[function, extents[0], extents[1], extents[2], array]);
        Ok(())
    }

    /// A library kernel (Inductor's C++ kernels): `wrt_host_symbol` fills
    /// the kernel's slot on the first launch (it returns at once after),
    /// then one indirect call with data pointers and `int64_t`s.
    fn lower_library_launch(
        &mut self,
        kernel_name: &str,
        kernel: &KernelOp<'c, '_>,
        library: &str,
        args: &[Value<'c, 'a>],
    ) -> PassResult {
        let entry = kernel.entry();
        let slot = format!("__wrapc_symbol_{kernel_name}");
        if self.decls.declared.insert(slot.clone()) {
            let source = format!(
                "llvm.mlir.global internal @{slot}() {{addr_space = 0 : i32}} : !llvm.ptr {{\n  %0 = llvm.mlir.zero : !llvm.ptr\n  llvm.return %0 : !llvm.ptr\n}}"
            );
            let parsed = ir::insert_parsed(self.context, &source, self.module_body, None);
            assert!(parsed, "wrapc spells valid globals: {source}");
        }
        let (library, entry, address) = (self.c_string(library), self.c_string(&entry), self.address_of(&slot));
        self.checked(RuntimeFn::HostSymbol, &[library, entry, address]);
        let function = self.load(address, PTR);
        let (arg_types, _) = kernel.function_type();
        let values: Vec<Value> = args
            .iter()
            .zip(&arg_types)
            .map(|(&arg, &ty)| match TensorTypeInfo::from_type(ty) {
                Some(info) => self.data_address(arg, &info),
                None if arg.r#type().is_index() => self.to_i64(arg),
                None => self.extsi_to_i64(arg),
            })
            .collect();
        self.call_indirect_void(function, &values);
        Ok(())
    }

    /// The address of trampoline `name` as an `!llvm.ptr`, made once per
    /// function at the top of its entry block: `func.constant` until the
    /// trampoline (a `func.func` calling its payload) is converted, cast
    /// to the pointer the runtime call takes (reconciled after).
    fn trampoline_address(&mut self, name: &str) -> Value<'c, 'a> {
        if let Some(&address) = self.trampolines.get(name) {
            return address;
        }
        let b = match self.anchor {
            Some(anchor) => Builder::before(anchor),
            None => self.b(),
        };
        let function_type = FunctionType::try_from(self.ty(TRAMPOLINE_TYPE)).expect("a function type");
        let symbol = FlatSymbolRefAttribute::new(self.context, name);
        let function = insert_value(&b, func::constant(self.context, symbol, function_type, self.location));
        let cast = ods::builtin::UnrealizedConversionCastOperation::builder(self.context, self.location)
            .outputs(&[self.ty(PTR)])
            .inputs(&[function])
            .build();
        let address = insert_value(&b, cast);
        self.trampolines.insert(name.to_string(), address);
        address
    }

    /// The address of element 0 of a tensor, from its header: the storage's
    /// base plus the offset in bytes.
    pub(super) fn data_address(&self, handle: Value<'c, 'a>, info: &TensorTypeInfo<'c>) -> Value<'c, 'a> {
        let base = self.header_field(handle, &[HEADER_DATA], PTR);
        let offset = self.header_field(handle, &[HEADER_OFFSET], "i64");
        self.gep_dynamic(base, &info.element_type.to_string(), offset)
    }

    /// `@__wrapc_launch_<kernel>(args, px, py, pz)`: unpacks the argument
    /// array and calls the host payload. Made once per kernel.
    pub(super) fn trampoline(&mut self, kernel: &str, host: &str, arg_types: &[Type<'c>]) -> String {
        let name = format!("__wrapc_launch_{kernel}");
        if !self.decls.declared.insert(name.clone()) {
            return name;
        }
        let (ptr, i64t) = (self.ty(PTR), self.ty("i64"));
        let region = Region::new();
        let location = self.location;
        region.append_block(Block::new(&[(ptr, location), (i64t, location), (i64t, location), (i64t, location)]));
        let function = func::func(
            self.context,
            StringAttribute::new(self.context, &name),
            TypeAttribute::new(self.ty(TRAMPOLINE_TYPE)),
            region,
            &[
                (
                    melior::ir::Identifier::new(self.context, "sym_visibility"),
                    StringAttribute::new(self.context, "private").into(),
                ),
                (
                    melior::ir::Identifier::new(self.context, "llvm.linkage"),
                    llvm::attributes::linkage(self.context, Linkage::Internal),
                ),
            ],
            location,
        );
        let function = self.module_body.append_operation(function);
        let body = function.region(0).unwrap().first_block().unwrap();
        let b = Builder::at_end(self.context, body, location);
        let array: Value = body.argument(0).unwrap().into();
        let mut call_args = Vec::new();
        let load =
            |address, ty| insert_value(&b, llvm::load(self.context, address, ty, location, LoadStoreOptions::new()));
        for (k, &ty) in arg_types.iter().enumerate() {
            let indices = DenseI32ArrayAttribute::new(self.context, &[k as i32]);
            let slot = insert_value(&b, llvm::get_element_ptr(self.context, array, indices, ptr, ptr, location));
            let pointer = load(slot, ptr);
            let value = if TensorTypeInfo::from_type(ty).is_some() {
                pointer
            } else if ty.is_index() {
                let wide = load(pointer, i64t);
                insert_value(&b, arith::index_cast(wide, ty, location))
            } else {
                load(pointer, ty)
            };
            call_args.push(value);
        }
        for d in 1..4 {
            let id: Value = body.argument(d).unwrap().into();
            call_args.push(insert_value(&b, arith::index_cast(id, b.index_type(), location)));
        }
        let host = FlatSymbolRefAttribute::new(self.context, host);
        b.insert(func::call(self.context, host, &call_args, &[], location));
        b.insert(func::r#return(&[], location));
        name
    }
}
