//! Tensor-subclass values: `wrap.subclass.check_type`, `.unwrap` and `.wrap`
//! become calls of the runtime's `wrt_subclass_*`. A subclass instance is a
//! tensor handle (its header holds the outer dtype and sizes), so dynamic
//! outer sizes are inline header loads, and instances cross entry points and
//! calls as any handle does.

use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{Type, Value, ValueLike};
use wrapc_dialects::views::{self, SubclassUnwrapOp};
use wrapc_dialects::{DeviceKind, SubclassInfo, TensorTypeInfo, WrapOp, DYNAMIC};

use super::abi::*;
use super::pattern::Pattern;
use super::FnLowering;
use crate::ir::ValueId;
use crate::ir::{self, PassResult};

/// Tensor subclasses: an argument's type checked, an instance unwrapped
/// into its inner tensors and attributes, and one built from them.
pub(super) struct Subclasses;

impl Pattern for Subclasses {
    fn ops(&self) -> &'static [WrapOp] {
        &[WrapOp::SubclassCheckType, WrapOp::SubclassUnwrap, WrapOp::SubclassWrap]
    }

    fn rewrite<'c, 'a>(
        &self,
        rewriter: &mut FnLowering<'c, 'a, '_>,
        op: OperationRef<'c, '_>,
        kind: WrapOp,
        operands: &[Value<'c, 'a>],
    ) -> PassResult {
        match kind {
            WrapOp::SubclassCheckType => rewriter.lower_subclass_check_type(op, operands[0]),
            WrapOp::SubclassUnwrap => rewriter.lower_subclass_unwrap(op, operands[0]),
            _ => rewriter.lower_subclass_wrap(op, operands),
        }
    }
}

impl<'c, 'a, 'd> FnLowering<'c, 'a, 'd> {
    fn subclass_info(&self, op: OperationRef<'c, '_>, ty: Type<'c>) -> Result<SubclassInfo<'c>, ir::Reported> {
        match SubclassInfo::from_type(ty) {
            Some(info) => Ok(info),
            None => ir::fail(op, &format!("expected a !wrap.subclass type, got {ty}")),
        }
    }

    pub(super) fn lower_subclass_check_type(&mut self, op: OperationRef<'c, '_>, value: Value<'c, 'a>) -> PassResult {
        let checked = op.operand(0).unwrap();
        // The prologue checked this argument against the same type already
        // (types are static): no second run-time call.
        if self.type_checked.contains(&ValueId::of(checked)) {
            return Ok(());
        }
        let info = self.subclass_info(op, checked.r#type())?;
        let name = self.c_string(&info.name);
        let context = self.c_string(&format!("{}: wrap.subclass.check_type", self.entry_name));
        self.checked(RuntimeFn::SubclassCheckType, &[value, name, context]);
        Ok(())
    }

    /// One checked `wrt_subclass_attr` per attribute (a new reference each:
    /// the leaf then lives as long as any other owned handle), then the
    /// dynamic outer sizes from the instance's header.
    pub(super) fn lower_subclass_unwrap(&mut self, op: OperationRef<'c, '_>, value: Value<'c, 'a>) -> PassResult {
        let info = self.subclass_info(op, op.operand(0).unwrap().r#type())?;
        let name = self.c_string(&info.name);
        for (index, (_, ty)) in info.attrs.iter().enumerate() {
            let (dtype, device, rank, sizes) = match TensorTypeInfo::from_type(*ty) {
                Some(leaf) => {
                    let Some(dtype) = dtype_code(leaf.element_type) else {
                        return ir::fail(op, &format!("no runtime dtype for {}", leaf.element_type));
                    };
                    let sizes: Vec<Value> =
                        leaf.shape.iter().map(|&d| self.const_int(if d == DYNAMIC { -1 } else { d }, "i64")).collect();
                    let device = i64::from(leaf.device == DeviceKind::Cuda);
                    (dtype, device, leaf.rank() as i64, self.i64_array(&sizes))
                }
                None => (i64::from(wrapc_abi::SUBCLASS_ATTR_DTYPE), 0, 0, self.null()),
            };
            let args = [
                value,
                name,
                self.const_int(index as i64, "i64"),
                self.const_int(dtype, "i32"),
                self.const_int(device, "i32"),
                self.const_int(rank, "i64"),
                sizes,
            ];
            let attr = self.new_ref(RuntimeFn::SubclassAttr, &args);
            self.bind(op.result(index).unwrap().into(), attr);
        }
        if views::reported(op, SubclassUnwrapOp::new)?.symints() {
            let dynamic = info.outer_shape.iter().enumerate().filter(|(_, &d)| d == DYNAMIC);
            for (k, (dim, _)) in dynamic.enumerate() {
                let size = self.header_field(value, &[HEADER_SIZES, dim as i32], "i64");
                let size = self.to_index(size);
                self.bind(op.result(info.attrs.len() + k).unwrap().into(), size);
            }
        }
        Ok(())
    }

    /// `wrt_subclass_new` over the attributes (which it retains) and the
    /// outer sizes: static ones from the type, dynamic ones from operands.
    pub(super) fn lower_subclass_wrap(&mut self, op: OperationRef<'c, '_>, operands: &[Value<'c, 'a>]) -> PassResult {
        let info = self.subclass_info(op, op.result(0).unwrap().r#type())?;
        let Some(dtype) = dtype_code(info.element_type) else {
            return ir::fail(op, &format!("no runtime dtype for {}", info.element_type));
        };
        let (attrs, mut dynamic) = operands.split_at(info.attrs.len());
        let mut outer = Vec::with_capacity(info.outer_shape.len());
        for &d in &info.outer_shape {
            outer.push(if d == DYNAMIC {
                let (first, rest) = dynamic.split_first().expect("the verifier counts dynamic outer sizes");
                dynamic = rest;
                self.to_i64(*first)
            } else {
                self.const_int(d, "i64")
            });
        }
        let names: Vec<Value> = info.attrs.iter().map(|(n, _)| self.c_string(n)).collect();
        let args = [
            self.c_string(&info.name),
            self.const_int(dtype, "i32"),
            self.const_int(info.outer_shape.len() as i64, "i64"),
            self.i64_array(&outer),
            self.const_int(attrs.len() as i64, "i64"),
            self.ptr_array(&names),
            self.ptr_array(attrs),
        ];
        let instance = self.new_ref(RuntimeFn::SubclassNew, &args);
        self.result(op, instance);
        Ok(())
    }
}
