//! `wrap-flatten-subclasses` (seed 003): a `wrap.subclass_wrapper` becomes a
//! function that unwraps subclass arguments into their leaves (one-to-N),
//! calls the flat callee and rebuilds subclass results, with every index,
//! attribute and type baked in.

use melior::dialect::func;
use melior::ir::attribute::FlatSymbolRefAttribute;
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{Type, Value};
use wrapc_dialects::ops::wrap;
use wrapc_dialects::views::{self, SubclassWrapperOp, WrapperSignature};
use wrapc_dialects::{SubclassInfo, WrapOp, DYNAMIC};

use crate::ir::{self, Builder, PassResult};
use crate::Options;

pub fn run(module: OperationRef, options: &Options) -> PassResult {
    let check_types = crate::WrapFlattenSubclassesOptions::from(options).check_types;
    for wrapper in ir::collect_ops(module, WrapOp::SubclassWrapper.name()) {
        flatten(wrapper, check_types)?;
        ir::erase(wrapper);
    }
    Ok(())
}

struct Signature<'c> {
    name: String,
    callee: String,
    inputs: Vec<Type<'c>>,
    results: Vec<Type<'c>>,
    frozen: Vec<usize>,
    append_symints: bool,
}

fn read_signature<'c>(op: OperationRef<'c, '_>) -> Result<Signature<'c>, ir::Reported> {
    let view = views::reported(op, SubclassWrapperOp::new)?;
    let WrapperSignature { name, callee, inputs, results } = views::reported(op, WrapperSignature::of)?;
    let callee_op = ir::lookup_symbol(op, &callee);
    match callee_op.map(|c| c.name().as_string_ref().as_str().map(str::to_owned)) {
        Some(Ok(kind)) if kind == "func.func" => {}
        Some(Ok(kind)) if kind == WrapOp::RuntimeWrapper.name() => {
            return ir::fail(
                op,
                &format!("callee '{callee}' is still a wrap.runtime_wrapper; run wrap-orchestrate first"),
            );
        }
        _ => return ir::fail(op, &format!("callee '{callee}' is not a function")),
    }
    Ok(Signature {
        name,
        callee,
        inputs,
        results,
        frozen: view.frozen().into_iter().map(|i| i as usize).collect(),
        append_symints: view.append_symints(),
    })
}

fn flatten(wrapper: OperationRef, check_types: bool) -> PassResult {
    let sig = read_signature(wrapper)?;
    let context = ir::context_of(wrapper);
    let location = wrapper.location();
    let (_, body) = ir::function_before(wrapper, &sig.name, &sig.inputs, &sig.results);
    let b = Builder::at_end(context, body, location);

    let mut flat_args = Vec::new();
    for (i, &ty) in sig.inputs.iter().enumerate() {
        let arg: Value = body.argument(i).unwrap().into();
        let frozen = sig.frozen.contains(&i);
        match SubclassInfo::from_type(ty) {
            Some(subclass) if frozen => {
                if subclass.num_dynamic_outer_dims() != 0 {
                    return ir::fail(
                        wrapper,
                        &format!("frozen input #{i} has dynamic outer sizes; a frozen constant has a static shape"),
                    );
                }
                for leaf in subclass.leaf_types() {
                    flat_args
                        .push(b.insert(wrap::null(b.context, leaf, b.location)).result(0).expect("one result").into());
                }
            }
            Some(subclass) => {
                if check_types {
                    b.insert(wrap::subclass_check_type(b.context, arg, b.location));
                }
                unwrap_into(&b, arg, &subclass, sig.append_symints, &mut flat_args);
            }
            None if frozen => {
                flat_args.push(b.insert(wrap::null(b.context, ty, b.location)).result(0).expect("one result").into())
            }
            None => flat_args.push(arg),
        }
    }

    let callee_results = flattened_types(&b, &sig.results, sig.append_symints);
    let callee = FlatSymbolRefAttribute::new(b.context, &sig.callee);
    let call = b.insert(func::call(b.context, callee, &flat_args, &callee_results, b.location));
    let flat_results: Vec<Value> = (0..call.result_count()).map(|i| call.result(i).unwrap().into()).collect();
    let mut cursor = flat_results.into_iter();
    let outputs: Vec<Value> = sig
        .results
        .iter()
        .map(|&ty| match SubclassInfo::from_type(ty) {
            Some(subclass) => rebuild(&b, ty, &subclass, sig.append_symints, &mut cursor),
            None => cursor.next().expect("callee type verified against the flattening"),
        })
        .collect();
    b.insert(func::r#return(&outputs, b.location));
    Ok(())
}

/// `__tensor_flatten__`, recursively: leaves in attribute order, then the
/// dynamic outer sizes of the outermost subclass when symints travel.
fn unwrap_into<'c, 'a>(
    b: &Builder<'c, 'a>,
    value: Value<'c, 'a>,
    subclass: &SubclassInfo<'c>,
    symints: bool,
    flat: &mut Vec<Value<'c, 'a>>,
) {
    let mut result_types: Vec<Type> = subclass.attrs.iter().map(|(_, t)| *t).collect();
    let num_symints = if symints { subclass.num_dynamic_outer_dims() } else { 0 };
    result_types.extend(std::iter::repeat_n(b.index_type(), num_symints));
    let mut unwrap = wrap::SubclassUnwrapOperation::builder(b.context, b.location).value(value).inner(&result_types);
    if symints {
        unwrap = unwrap.symints(b.unit());
    }
    let unwrap = b.insert(unwrap.build());
    let inner: Vec<Value> = (0..unwrap.result_count()).map(|i| unwrap.result(i).unwrap().into()).collect();
    let (attrs, sizes) = inner.split_at(subclass.attrs.len());
    for (value, (_, ty)) in attrs.iter().zip(&subclass.attrs) {
        match SubclassInfo::from_type(*ty) {
            Some(nested) => unwrap_into(b, *value, &nested, false, flat),
            None => flat.push(*value),
        }
    }
    flat.extend_from_slice(sizes);
}

/// `type.__tensor_unflatten__(inner, meta, outer_size, outer_stride)`.
fn rebuild<'c, 'a>(
    b: &Builder<'c, 'a>,
    ty: Type<'c>,
    subclass: &SubclassInfo<'c>,
    symints: bool,
    flat: &mut impl Iterator<Item = Value<'c, 'a>>,
) -> Value<'c, 'a> {
    let inner: Vec<Value> = subclass
        .attrs
        .iter()
        .map(|(_, attr_type)| match SubclassInfo::from_type(*attr_type) {
            Some(nested) => rebuild(b, *attr_type, &nested, false, flat),
            None => flat.next().expect("callee type verified against the flattening"),
        })
        .collect();
    let num_sizes = if symints { subclass.num_dynamic_outer_dims() } else { 0 };
    let sizes: Vec<Value> = flat.take(num_sizes).collect();
    let wrap =
        wrap::SubclassWrapOperation::builder(b.context, b.location).inner(&inner).outer_sizes(&sizes).value(ty).build();
    b.insert_segmented(wrap, &[inner.len(), sizes.len()]).result(0).expect("one result").into()
}

fn flattened_types<'c>(b: &Builder<'c, '_>, types: &[Type<'c>], symints: bool) -> Vec<Type<'c>> {
    let mut flat = Vec::new();
    for &ty in types {
        match SubclassInfo::from_type(ty) {
            Some(subclass) => {
                flat.extend(subclass.leaf_types());
                if symints {
                    let index = b.index_type();
                    flat.extend(subclass.outer_shape.iter().filter(|&&d| d == DYNAMIC).map(|_| index));
                }
            }
            None => flat.push(ty),
        }
    }
    flat
}
