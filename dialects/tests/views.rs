//! The typed op views generated from WrapOps.td (`src/views.rs`): a view
//! checks the op's kind and its required attributes once, and reads every
//! attribute, operand and result by its ODS name and type.

use melior::ir::operation::OperationBuilder;
use melior::ir::{Block, BlockLike, Location, Module, RegionLike};
use wrapc_dialects::views::{LaunchOp, RuntimeWrapperOp, SetRequiresGradOp, TensorSizeOp, ViewError};
use wrapc_dialects::{create_context, ir, parse_module, MutationType, RuntimeWrapperInfo, WrapOp};

const WRAPPER: &str = r#"
func.func private @graph(!wrap.tensor<4xf32>) -> !wrap.tensor<4xf32>
wrap.runtime_wrapper @rw : (!wrap.tensor<4xf32>) -> !wrap.tensor<4xf32> calls @graph
    inputs [#wrap.input<mutates_data, keep_input_mutations>] outputs [#wrap.output<non_alias>]
    {num_intermediate_bases = 0 : i64, grad_enabled_mutation = false}
func.func @sizes(%x: !wrap.tensor<?x4xf32>) -> index {
  %n = wrap.tensor.size %x, 1 : !wrap.tensor<?x4xf32>
  return %n : index
}
"#;

const LAUNCHES: &str = r#"
wrap.kernel @k1 : (!wrap.tensor<?xf32, cuda>, index) -> () entry "k1"
    configs [#wrap.config<"c", block = [16, 16], num_warps = 4, num_stages = 2, shared = 0>] {cubin_file = "k1.cubin"}
func.func @f(%x: !wrap.tensor<?xf32, cuda>, %n: index, %g: index) {
  wrap.launch @k1 grid(%g, %g, %g) args(%x, %n) : !wrap.tensor<?xf32, cuda>, index
  wrap.launch @k1 numel(%n, %g) args(%x, %n) : !wrap.tensor<?xf32, cuda>, index
  return
}
"#;

#[test]
fn a_runtime_wrapper_reads_through_its_view_and_its_decoded_info() {
    let context = create_context();
    let module = parse_module(&context, WRAPPER, "wrapper.mlir").expect("valid IR");
    let op = ir::collect_ops(module.as_operation(), WrapOp::RuntimeWrapper.name())[0];
    let view = RuntimeWrapperOp::new(op).expect("a runtime wrapper");
    assert_eq!(view.sym_name(), "rw");
    assert_eq!(view.callee(), "graph");
    assert_eq!((view.inputs().len(), view.outputs().len()), (1, 1));
    assert_eq!(view.function_type().0.len(), 1);
    // Optional and defaulted attributes: absent reads as ODS says.
    assert_eq!(view.grad_enabled_mutation(), Some(false));
    assert_eq!((view.num_saved_tensors(), view.detach_inputs()), (0, vec![]));
    assert!(!view.trace_joint());
    let info = RuntimeWrapperInfo::read(op).expect("well-formed");
    assert_eq!(info.inputs[0].mutation_type, MutationType::MutatedInGraph);
    assert_eq!(info.inputs_needing_version_bump(), vec![0]);
}

#[test]
fn a_view_of_another_op_is_refused_by_name() {
    let context = create_context();
    let module = parse_module(&context, WRAPPER, "wrapper.mlir").expect("valid IR");
    let sizes = ir::collect_ops(module.as_operation(), WrapOp::TensorSize.name())[0];
    assert_eq!(TensorSizeOp::new(sizes).expect("wrap.tensor.size").dim(), 1);
    let err = RuntimeWrapperOp::new(sizes).err();
    assert_eq!(err, Some(ViewError::NotThisOp("wrap.runtime_wrapper")));
    assert!(RuntimeWrapperInfo::read(sizes).is_err());
}

#[test]
fn a_missing_attribute_or_operand_is_an_error_never_a_default_or_a_panic() {
    // Built without the verifier, as a pass could leave it: the view names
    // the attribute instead of reading `false`.
    let context = create_context();
    let location = Location::unknown(&context);
    let module = Module::new(location);
    let ty = melior::ir::Type::parse(&context, "!wrap.tensor<4xf32>").unwrap();
    let block = Block::new(&[(ty, location)]);
    let op = OperationBuilder::new("wrap.set_requires_grad", location)
        .add_operands(&[block.argument(0).unwrap().into()])
        .build()
        .unwrap();
    let op = block.append_operation(op);
    // Its attributes all there, its operand missing: the accessors index
    // operands, so the count is checked too.
    let bare = OperationBuilder::new("wrap.tensor.size", location)
        .add_attributes(&[(
            melior::ir::Identifier::new(&context, "dim"),
            melior::ir::attribute::IntegerAttribute::new(melior::ir::r#type::IntegerType::new(&context, 64).into(), 0)
                .into(),
        )])
        .build()
        .unwrap();
    let bare = block.append_operation(bare);
    assert_eq!(TensorSizeOp::new(bare).err(), Some(ViewError::Count("wrap.tensor.size", "operand")));
    module.body().append_operation(
        OperationBuilder::new("func.func", location)
            .add_attributes(&[
                (
                    melior::ir::Identifier::new(&context, "sym_name"),
                    melior::ir::attribute::StringAttribute::new(&context, "f").into(),
                ),
                (
                    melior::ir::Identifier::new(&context, "function_type"),
                    melior::ir::attribute::TypeAttribute::new(
                        melior::ir::r#type::FunctionType::new(&context, &[ty], &[]).into(),
                    )
                    .into(),
                ),
            ])
            .add_regions([{
                let region = melior::ir::Region::new();
                region.append_block(block);
                region
            }])
            .build()
            .unwrap(),
    );
    let err = SetRequiresGradOp::new(op).err();
    assert_eq!(err, Some(ViewError::Attribute("wrap.set_requires_grad", "requires_grad")));
    assert_eq!(
        err.unwrap().to_string(),
        "malformed wrap.set_requires_grad: attribute 'requires_grad' is missing or of another kind"
    );
}

#[test]
fn operands_split_by_segment_sizes() {
    let context = create_context();
    let module = parse_module(&context, LAUNCHES, "launch.mlir").expect("valid IR");
    let launches = ir::collect_ops(module.as_operation(), WrapOp::Launch.name());
    let grid = LaunchOp::new(launches[0]).expect("a launch");
    assert_eq!(grid.kernel(), "k1");
    assert_eq!((grid.grid().len(), grid.numel().len(), grid.args().len()), (3, 0, 2));
    let numel = LaunchOp::new(launches[1]).expect("a launch");
    assert_eq!((numel.grid().len(), numel.numel().len(), numel.args().len()), (0, 2, 2));
    assert_eq!(numel.args()[1], numel.numel()[0], "args(%x, %n): %n is numel's first operand too");
}
