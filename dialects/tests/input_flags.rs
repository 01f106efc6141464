//! The input flags of `#wrap.input<...>` are written in five places: ODS
//! (`WrapAttrs.td`'s parameters, in bit order), the dialect's C++ parser
//! and printer (`kInputFlagNames`), the C API's bits
//! (`wrapcInputInfoGetFlags`, documented in `CAPI.h`), `InputFlags` in
//! `metadata.rs`, and the PyTorch importer's `INPUT_FLAGS`. This test holds
//! them together: the same names in the same order, each parsed and printed
//! by the dialect and read by `InputFlags` as the field of its name.

use std::path::Path;

use melior::ir::Attribute;
use wrapc_dialects::{create_context, InputInfo};

fn repo_file(path: &str) -> String {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    std::fs::read_to_string(repo.join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// `text` from the first `start` to the `end` after it.
fn between<'a>(text: &'a str, start: &str, end: &str) -> &'a str {
    let from = text.find(start).unwrap_or_else(|| panic!("no {start:?}")) + start.len();
    &text[from..from + text[from..].find(end).unwrap_or_else(|| panic!("no {end:?} after {start:?}"))]
}

/// ODS's parameters of `Wrap_InputInfoAttr`, as the flags' snake_case names.
fn ods_flags() -> Vec<String> {
    let td = repo_file("dialects/wrap/WrapAttrs.td");
    let attr = between(&td, "def Wrap_InputInfoAttr", "\n}");
    between(attr, "let parameters = (ins", ");")
        .split(',')
        .map(|p| p.trim().strip_prefix("\"bool\":$").unwrap_or_else(|| panic!("a bool parameter: {p:?}")))
        .map(|camel| {
            camel.chars().fold(String::new(), |mut snake, c| {
                if c.is_ascii_uppercase() {
                    snake.push('_');
                }
                snake.push(c.to_ascii_lowercase());
                snake
            })
        })
        .collect()
}

/// The quoted names of a comma-separated list.
fn quoted(list: &str) -> Vec<String> {
    list.split(',').map(|s| s.trim().trim_matches('"').to_string()).filter(|s| !s.is_empty()).collect()
}

#[test]
fn every_list_of_input_flags_agrees() {
    let names = ods_flags();
    assert_eq!(names.len(), 9, "{names:?}");
    assert_eq!(quoted(between(&repo_file("python/wrapc_torch/_importer.py"), "INPUT_FLAGS = (", ")")), names);
    let documented =
        between(&repo_file("dialects/wrap/include/wrapc/CAPI.h"), "the i-th flag in declaration order:", ".\n")
            .replace("///", " ");
    assert_eq!(quoted(&documented), names, "CAPI.h's wrapcInputInfoGetFlags");
    let context = create_context();
    for (bit, name) in names.iter().enumerate() {
        // Made from the C API's bit (some flags alone fail the attribute's
        // verifier, so not parsed from text): printed with the C++ side's
        // name for that bit, which its parser reads back.
        // SAFETY: a live context; the attribute belongs to it.
        let attr = unsafe { Attribute::from_raw(wrapc_dialects::ffi::wrapcInputInfoGet(context.to_raw(), 1 << bit)) };
        assert_eq!(attr.to_string(), format!("#wrap.input<{name}>"), "the dialect's name of bit {bit}");
        let flags = InputInfo::from_attribute(attr).expect("an input attribute").flags;
        assert_eq!(flags.to_bits(), 1 << bit, "{name} round-trips through InputFlags");
        let debug = format!("{flags:?}");
        assert!(debug.contains(&format!(" {name}: true")), "InputFlags reads {name} as another field: {debug}");
        assert_eq!(debug.matches("true").count(), 1, "{debug}");
    }
    // The parser gives each name its bit too (these three together are valid).
    let text = format!("#wrap.input<{}>", names[..3].join(", "));
    let parsed = Attribute::parse(&context, &text).unwrap_or_else(|| panic!("the dialect does not parse {text}"));
    assert_eq!(InputInfo::from_attribute(parsed).unwrap().flags.to_bits(), 0b111, "the parser's bits of {text}");
}
