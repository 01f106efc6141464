//! The Rust views of the metadata attributes read what the C++ side parsed,
//! including the derived mutation type.

use melior::ir::{Attribute, Type};
use wrapc_dialects::{
    create_context, InputInfo, MutationType, OutputInfo, OutputType, SubclassInfo, TensorTypeInfo, DYNAMIC,
};

fn input(text: &str) -> InputInfo {
    let context = create_context();
    InputInfo::from_attribute(Attribute::parse(&context, text).expect(text)).expect("an input attribute")
}

#[test]
fn mutation_type_follows_pytorch() {
    assert_eq!(input("#wrap.input<>").mutation_type, MutationType::NotMutated);
    assert_eq!(input("#wrap.input<mutates_data>").mutation_type, MutationType::MutatedOutGraph);
    assert_eq!(input("#wrap.input<mutates_data, keep_input_mutations>").mutation_type, MutationType::MutatedInGraph);
    // Autograd must see a mutation of an input that requires grad...
    assert_eq!(
        input("#wrap.input<mutates_data, requires_grad, keep_input_mutations>").mutation_type,
        MutationType::MutatedOutGraph
    );
    // ...unless it is hidden from autograd.
    assert_eq!(
        input("#wrap.input<mutates_data, requires_grad, keep_input_mutations, mutations_hidden_from_autograd>")
            .mutation_type,
        MutationType::MutatedInGraph
    );
    // Metadata mutations never stay in the graph.
    assert_eq!(
        input("#wrap.input<mutates_metadata, keep_input_mutations>").mutation_type,
        MutationType::MutatedOutGraph
    );
}

#[test]
fn input_flags_round_trip_through_bits() {
    let info = input("#wrap.input<mutates_data, is_leaf, requires_grad>");
    assert!(info.flags.mutates_data && info.flags.is_leaf && info.flags.requires_grad);
    assert!(!info.flags.mutates_metadata);
    assert_eq!(info.flags.to_bits(), 1 | (1 << 6) | (1 << 7));
}

#[test]
fn output_info_reads_view_and_dims() {
    let context = create_context();
    let attr = Attribute::parse(
        &context,
        "#wrap.output<alias_of_input, base = 1, requires_grad, view = <[4, ?], [1, 4], ?>, dtype = i32, dynamic_dims = [1]>",
    )
    .unwrap();
    let info = OutputInfo::from_attribute(attr).unwrap();
    assert_eq!(info.output_type, OutputType::AliasOfInput);
    assert_eq!(info.base_index, Some(1));
    assert!(info.requires_grad);
    let view = info.view.expect("a view");
    assert_eq!(view.sizes, vec![4, DYNAMIC]);
    assert_eq!(view.strides, vec![1, 4]);
    assert_eq!(view.offset, DYNAMIC);
    assert_eq!(info.view_dtype.map(|t| t.to_string()), Some("i32".to_string()));
    assert_eq!(info.dynamic_dims, vec![1]);
    assert!(OutputInfo::from_attribute(Attribute::parse(&context, "#wrap.input<>").unwrap()).is_none());
}

#[test]
fn types_read_shape_device_and_leaves() {
    let context = create_context();
    let tensor = TensorTypeInfo::from_type(Type::parse(&context, "!wrap.tensor<2x?xbf16, cuda>").unwrap()).unwrap();
    assert_eq!(tensor.shape, vec![2, DYNAMIC]);
    assert_eq!(tensor.device, wrapc_dialects::DeviceKind::Cuda);
    let nested = Type::parse(
        &context,
        "!wrap.subclass<\"Outer\", ?xf32, [x: !wrap.subclass<\"Inner\", 4xf32, [p: !wrap.tensor<4xf32>, q: !wrap.tensor<4xi8>]>, y: !wrap.tensor<?xf32>]>",
    )
    .unwrap();
    let info = SubclassInfo::from_type(nested).unwrap();
    assert_eq!(info.name, "Outer");
    assert_eq!(info.num_dynamic_outer_dims(), 1);
    let leaves: Vec<String> = info.leaf_types().iter().map(|t| t.to_string()).collect();
    assert_eq!(leaves, ["!wrap.tensor<4xf32>", "!wrap.tensor<4xi8>", "!wrap.tensor<?xf32>"]);
}

/// `#wrap.layout`'s enum in WrapAttrs.td repeats c10's memory format codes
/// that `wrapc_abi::MemoryFormat` defines: each keyword reads back as the
/// ABI's format, and `strided` as the ABI's strided code.
#[test]
fn layout_formats_match_the_abi() {
    use wrapc_abi::{MemoryFormat, TangentLayout};
    let context = create_context();
    let read = |text: &str| wrapc_dialects::tangent_layout(Attribute::parse(&context, text).expect(text));
    for format in MemoryFormat::ALL {
        assert_eq!(read(&format!("#wrap.layout<{}>", format.mlir_name())), Some(TangentLayout::Format(format)));
    }
    assert_eq!(
        read("#wrap.layout<strided [4, 3], [1, 4]>"),
        Some(TangentLayout::Strided { sizes: vec![4, 3], strides: vec![1, 4] })
    );
    assert_eq!(read("#wrap.input<>"), None);
}
