//! The attribute readers of `wrapc_passes::ir` on real ops.

use melior::ir::block::BlockLike;
use melior::ir::Module;

#[test]
fn reads_inherent_and_discardable_attributes() {
    let context = wrapc_dialects::create_context();
    let module = Module::parse(
        &context,
        "func.func private @g(%x: index) -> index attributes {wrapc.note = \"n\"} { return %x : index }",
    )
    .unwrap();
    let function = module.body().first_operation().unwrap();
    assert_eq!(wrapc_passes::ir::string_attr(function, "sym_name").as_deref(), Some("g"));
    assert_eq!(wrapc_passes::ir::string_attr(function, "sym_visibility").as_deref(), Some("private"));
    assert_eq!(wrapc_passes::ir::string_attr(function, "wrapc.note").as_deref(), Some("n"));
    let (inputs, results) = wrapc_passes::ir::function_type_attr(function, "function_type").unwrap();
    assert_eq!((inputs.len(), results.len()), (1, 1));
    assert_eq!(wrapc_passes::ir::location_text("loc(\"a.mlir\":3:7)"), "a.mlir:3:7");
}
