//! The input flags of `#wrap.input<...>` are defined once, as the cases of
//! `Wrap_InputFlags` in `WrapAttrs.td`: the dialect's parser and printer
//! (`symbolizeInputFlags` / `stringifyInputFlags`), the C API's bits and
//! Rust's `InputFlags` (written by `dialects/build.rs`) are generated from
//! it. The PyTorch importer's `INPUT_FLAGS` names PyTorch's fields, so it is
//! checked against it here, as is every generated side.

use std::path::Path;

use melior::ir::Attribute;
use wrapc_dialects::{create_context, InputFlags, InputInfo};

fn repo_file(path: &str) -> String {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    std::fs::read_to_string(repo.join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// `text` from the first `start` to the `end` after it.
fn between<'a>(text: &'a str, start: &str, end: &str) -> &'a str {
    let from = text.find(start).unwrap_or_else(|| panic!("no {start:?}")) + start.len();
    &text[from..from + text[from..].find(end).unwrap_or_else(|| panic!("no {end:?} after {start:?}"))]
}

/// The cases of ODS's `Wrap_InputFlags`: each flag's name and bit.
fn ods_flags() -> Vec<(String, u32)> {
    let td = repo_file("dialects/wrap/WrapAttrs.td");
    between(&td, "def Wrap_InputFlags", "]>")
        .split("I32BitEnumAttrCaseBit<")
        .skip(1)
        .map(|case| {
            let (name, rest) = case.split_once(',').unwrap_or_else(|| panic!("a case: {case:?}"));
            let bit = rest.split('>').next().unwrap().trim().parse().unwrap_or_else(|e| panic!("{case:?}: {e}"));
            (name.trim().trim_matches('"').to_string(), bit)
        })
        .collect()
}

/// The quoted names of a comma-separated list.
fn quoted(list: &str) -> Vec<String> {
    list.split(',').map(|s| s.trim().trim_matches('"').to_string()).filter(|s| !s.is_empty()).collect()
}

#[test]
fn every_list_of_input_flags_agrees() {
    let flags = ods_flags();
    let names: Vec<String> = flags.iter().map(|(name, _)| name.clone()).collect();
    assert!(!names.is_empty(), "no cases read from WrapAttrs.td");
    assert_eq!(InputFlags::NAMES.to_vec(), names, "the generated InputFlags");
    assert_eq!(quoted(between(&repo_file("python/wrapc_torch/_importer.py"), "INPUT_FLAGS = (", ")")), names);
    let context = create_context();
    for (name, bit) in &flags {
        // Made from the C API's bit (some flags alone fail the attribute's
        // verifier, so not parsed from text): printed with that bit's name,
        // which the parser reads back.
        // SAFETY: a live context; the attribute belongs to it.
        let attr = unsafe { Attribute::from_raw(wrapc_dialects::ffi::wrapcInputInfoGet(context.to_raw(), 1 << bit)) };
        assert_eq!(attr.to_string(), format!("#wrap.input<{name}>"), "the dialect's name of bit {bit}");
        let read = InputInfo::from_attribute(attr).expect("an input attribute").flags;
        assert_eq!(read.to_bits(), 1 << bit, "{name} round-trips through InputFlags");
        let debug = format!("{read:?}");
        assert!(debug.contains(&format!(" {name}: true")), "InputFlags reads {name} as another field: {debug}");
        assert_eq!(debug.matches("true").count(), 1, "{debug}");
    }
    // The parser gives each name its bit too (these three together are
    // valid), and prints them in bit order whatever order they came in.
    let text = format!("#wrap.input<{}, {}, {}>", names[2], names[0], names[1]);
    let parsed = Attribute::parse(&context, &text).unwrap_or_else(|| panic!("the dialect does not parse {text}"));
    let bits: u32 = flags[..3].iter().map(|(_, bit)| 1 << bit).sum();
    assert_eq!(InputInfo::from_attribute(parsed).unwrap().flags.to_bits(), bits, "the parser's bits of {text}");
    assert_eq!(parsed.to_string(), format!("#wrap.input<{}>", names[..3].join(", ")));
    let none = Attribute::parse(&context, "#wrap.input<>").expect("no flags");
    assert_eq!(InputInfo::from_attribute(none).unwrap().flags, InputFlags::default());
    assert_eq!(none.to_string(), "#wrap.input<>");
}

#[test]
fn a_bit_no_flag_has_is_refused() {
    let context = create_context();
    for bits in [1 << InputFlags::NAMES.len(), 1 << 31] {
        // SAFETY: a live context.
        let raw = unsafe { wrapc_dialects::ffi::wrapcInputInfoGet(context.to_raw(), bits) };
        assert!(raw.ptr.is_null(), "bits {bits:#x} made an attribute");
    }
    assert!(Attribute::parse(&context, "#wrap.input<not_a_flag>").is_none());
    assert!(Attribute::parse(&context, "#wrap.input<mutates_data, mutates_data>").is_none());
}
