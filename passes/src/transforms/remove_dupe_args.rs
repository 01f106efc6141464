//! `wrap-remove-dupe-args`: a `wrap.dedupe_wrapper` becomes a function that
//! checks each duplicate argument is the tensor it repeats
//! (`wrap.check_same_tensor`) and calls the callee with the rest, as
//! `AOTDedupeWrapper.remove_dupe_args` does, every index baked in.

use melior::dialect::func;
use melior::ir::attribute::{FlatSymbolRefAttribute, IntegerAttribute};
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::IntegerType;
use melior::ir::Value;
use wrapc_dialects::ops::wrap;
use wrapc_dialects::views::{self, DedupeWrapperOp, WrapperSignature};
use wrapc_dialects::{dedupe_args, DedupeArg, WrapOp};

use crate::ir::{self, Builder, PassResult};
use crate::Options;

pub fn run(module: OperationRef, _options: &Options) -> PassResult {
    for wrapper in ir::collect_ops(module, WrapOp::DedupeWrapper.name()) {
        remove_dupes(wrapper)?;
        ir::erase(wrapper);
    }
    Ok(())
}

fn remove_dupes(wrapper: OperationRef) -> PassResult {
    let WrapperSignature { name, callee, inputs, results } = views::reported(wrapper, WrapperSignature::of)?;
    match ir::lookup_symbol(wrapper, &callee).map(|c| WrapOp::of(&c).map(WrapOp::name)) {
        Some(None) => {}
        Some(Some(kind)) => {
            return ir::fail(
                wrapper,
                &format!("callee '{callee}' is still a {kind}; run wrap-orchestrate and wrap-flatten-subclasses first"),
            )
        }
        None => return ir::fail(wrapper, &format!("callee '{callee}' not found")),
    }
    let Some(args) = dedupe_args(&views::reported(wrapper, DedupeWrapperOp::new)?.dupes()) else {
        return ir::fail(wrapper, "malformed wrap.dedupe_wrapper: an invalid dupes map");
    };
    let context = ir::context_of(wrapper);
    let location = wrapper.location();
    let (_, body) = ir::function_before(wrapper, &name, &inputs, &results);
    let b = Builder::at_end(context, body, location);

    let index = |i: usize| IntegerAttribute::new(IntegerType::new(context, 64).into(), i as i64);
    let mut kept: Vec<Value> = Vec::new();
    for (i, arg) in args.into_iter().enumerate() {
        let value: Value = body.argument(i).expect("one argument per input").into();
        match arg {
            DedupeArg::Kept => kept.push(value),
            DedupeArg::Repeats { original } => {
                let repeated: Value = body.argument(original).expect("an earlier argument").into();
                b.insert(wrap::check_same_tensor(context, value, repeated, index(i), index(original), location));
            }
        }
    }
    let call = b.insert(func::call(context, FlatSymbolRefAttribute::new(context, &callee), &kept, &results, location));
    let outputs: Vec<Value> = (0..call.result_count()).map(|i| call.result(i).expect("a result").into()).collect();
    b.insert(func::r#return(&outputs, location));
    Ok(())
}
