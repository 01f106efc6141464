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

const UPSTREAM: &str = r#"
llvm.mlir.global internal @slot(dense<0> : tensor<8xi8>) {addr_space = 0 : i32} : !llvm.array<8 x i8>
func.func private @graph(!wrap.tensor<4xf32>) -> !wrap.tensor<4xf32>
wrap.runtime_wrapper @rw : (!wrap.tensor<4xf32>) -> !wrap.tensor<4xf32> calls @graph
    inputs [#wrap.input<>] outputs [#wrap.output<non_alias>]
    {num_intermediate_bases = 0 : i64}
func.func @f(%x: !wrap.tensor<4xf32>, %a: i64, %b: f32) -> !wrap.tensor<4xf32> {
  %c = arith.constant 7 : i64
  %lt = arith.cmpi slt, %a, %c : i64
  %eq = arith.cmpf oeq, %b, %b : f32
  %y = func.call @graph(%x) : (!wrap.tensor<4xf32>) -> !wrap.tensor<4xf32>
  %z = wrap.call_compiled @graph(%y) : (!wrap.tensor<4xf32>) -> !wrap.tensor<4xf32>
  return %z : !wrap.tensor<4xf32>
}
"#;

#[test]
fn upstream_ops_read_through_views_generated_from_upstreams_ods() {
    use wrapc_dialects::views::arith::{CmpFOp, CmpIOp, ConstantOp};
    use wrapc_dialects::views::func::{CallOp, FuncOp};
    use wrapc_dialects::views::{callable_type, callee, WrapperSignature};
    let context = create_context();
    let module = parse_module(&context, UPSTREAM, "upstream.mlir").expect("valid IR");
    let module = module.as_operation();
    let functions = ir::collect_ops(module, FuncOp::NAME);
    let (graph, f) = (FuncOp::new(functions[0]).unwrap(), FuncOp::new(functions[1]).unwrap());
    assert_eq!((graph.sym_name(), graph.sym_visibility().as_deref()), ("graph".into(), Some("private")));
    assert_eq!((f.sym_name(), f.sym_visibility()), ("f".into(), None));
    assert_eq!(f.function_type().0.len(), 3);
    let constant = ConstantOp::new(ir::collect_ops(module, ConstantOp::NAME)[0]).unwrap();
    assert_eq!(ir::integer(constant.value()), Some(7));
    // `slt` and `oeq` as arith's predicate enums number them.
    assert_eq!(CmpIOp::new(ir::collect_ops(module, CmpIOp::NAME)[0]).unwrap().predicate(), 2);
    assert_eq!(CmpFOp::new(ir::collect_ops(module, CmpFOp::NAME)[0]).unwrap().predicate(), 1);
    let call = ir::collect_ops(module, CallOp::NAME)[0];
    assert_eq!(CallOp::new(call).unwrap().callee(), "graph");
    assert_eq!(CallOp::new(call).unwrap().operands().len(), 1);
    // One reading of a call's callee for both kinds of call, and of a
    // callable symbol's type for both kinds of symbol.
    assert_eq!(callee(call).as_deref(), Ok("graph"));
    assert_eq!(callee(ir::collect_ops(module, WrapOp::CallCompiled.name())[0]).as_deref(), Ok("graph"));
    assert_eq!(callee(constant.operation()).err(), Some(ViewError::NotThisOp("func.call or wrap.call_compiled")));
    let wrapper = ir::collect_ops(module, WrapOp::RuntimeWrapper.name())[0];
    assert_eq!(callable_type(wrapper).map(|(i, r)| (i.len(), r.len())), Ok((1, 1)));
    assert_eq!(callable_type(functions[1]).map(|(i, r)| (i.len(), r.len())), Ok((3, 1)));
    assert_eq!(callable_type(call).err(), Some(ViewError::NotThisOp("func.func or wrapper op")));
    let compiled = ir::collect_ops(module, WrapOp::CallCompiled.name())[0];
    assert_eq!(callable_type(compiled).err(), Some(ViewError::NotThisOp("func.func or wrapper op")));
    assert_eq!(WrapperSignature::of(compiled).err(), Some(ViewError::NotThisOp("wrapper op")));
    let signature = WrapperSignature::of(wrapper).unwrap();
    assert_eq!((signature.name.as_str(), signature.callee.as_str()), ("rw", "graph"));
    assert_eq!(FuncOp::new(call).err(), Some(ViewError::NotThisOp("func.func")));
    let global = wrapc_dialects::views::llvm::GlobalOp::new(ir::collect_ops(module, "llvm.mlir.global")[0]).unwrap();
    assert_eq!((global.sym_name(), global.global_type().to_string()), ("slot".into(), "!llvm.array<8 x i8>".into()));
    // A confined i32 reads as the integer it confines; absent unit: false.
    assert_eq!((global.addr_space(), global.constant()), (0, false));
}

#[test]
fn an_upstream_op_missing_a_required_attribute_is_an_error_never_a_default() {
    // Built without the verifier: a func.call without its callee read as ""
    // before the views, and a func.func without a type was skipped.
    use wrapc_dialects::views::callee;
    use wrapc_dialects::views::func::{CallOp, FuncOp};
    let context = create_context();
    let location = Location::unknown(&context);
    let block = Block::new(&[]);
    let call = block.append_operation(OperationBuilder::new("func.call", location).build().unwrap());
    assert_eq!(CallOp::new(call).err(), Some(ViewError::Attribute("func.call", "callee")));
    assert_eq!(callee(call).err(), Some(ViewError::Attribute("func.call", "callee")));
    let name = melior::ir::attribute::StringAttribute::new(&context, "f");
    let function = OperationBuilder::new("func.func", location)
        .add_attributes(&[(melior::ir::Identifier::new(&context, "sym_name"), name.into())])
        .add_regions([melior::ir::Region::new()])
        .build()
        .unwrap();
    let function = block.append_operation(function);
    assert_eq!(FuncOp::new(function).err(), Some(ViewError::Attribute("func.func", "function_type")));
    assert_eq!(
        wrapc_dialects::views::callable_type(function).err(),
        Some(ViewError::Attribute("func.func", "function_type"))
    );
    // A wrapper op without its attributes: named, not "not callable".
    let wrapper = block.append_operation(OperationBuilder::new("wrap.dedupe_wrapper", location).build().unwrap());
    assert!(matches!(
        wrapc_dialects::views::callable_type(wrapper).err(),
        Some(ViewError::Attribute("wrap.dedupe_wrapper", _))
    ));
}
