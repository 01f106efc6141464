//! The Rust builders generated from WrapOps.td build ops that verify and
//! print as the C++ side defines them.

use melior::ir::attribute::{BoolAttribute, DenseI64ArrayAttribute};
use melior::ir::block::BlockLike;
use melior::ir::operation::OperationLike;
use melior::ir::{Block, Location, Module, RegionLike, Type};
use wrapc_dialects::ops;

fn with_block(build: impl for<'c> FnOnce(&'c melior::Context, &Block<'c>, Location<'c>)) -> String {
    let context = wrapc_dialects::create_context();
    let location = Location::unknown(&context);
    let tensor = Type::parse(&context, "!wrap.tensor<4x?xf32>").unwrap();
    let block = Block::new(&[(tensor, location), (tensor, location)]);
    build(&context, &block, location);
    let module = Module::new(location);
    let function = melior::dialect::func::func(
        &context,
        melior::ir::attribute::StringAttribute::new(&context, "f"),
        melior::ir::attribute::TypeAttribute::new(
            melior::ir::r#type::FunctionType::new(&context, &[tensor, tensor], &[]).into(),
        ),
        {
            let region = melior::ir::Region::new();
            block.append_operation(melior::dialect::func::r#return(&[], location));
            region.append_block(block);
            region
        },
        &[],
        location,
    );
    module.body().append_operation(function);
    assert!(module.as_operation().verify(), "built IR must verify:\n{}", module.as_operation());
    module.as_operation().to_string()
}

#[test]
fn level2_builders_print_the_custom_syntax() {
    let printed = with_block(|context, block, location| {
        let x = block.argument(0).unwrap().into();
        let y = block.argument(1).unwrap().into();
        block.append_operation(ops::wrap::bump_version(context, x, location).into());
        block.append_operation(ops::wrap::copy_inplace(context, x, y, location).into());
        block.append_operation(
            ops::wrap::mark_dynamic(context, x, DenseI64ArrayAttribute::new(context, &[1]).into(), location).into(),
        );
        block.append_operation(
            ops::wrap::set_requires_grad(context, y, BoolAttribute::new(context, true).into(), location).into(),
        );
    });
    insta::assert_snapshot!(printed);
}
