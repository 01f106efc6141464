//! The committed C header (`include/wrapc_runtime.h`) says what wrapc_abi
//! says: status and dtype enumerators, `WRT_MAX_RANK`, and the fields of
//! the structs compiled code reads inline (`wrt_tensor_header`,
//! `wrt_cuda_slot_entry`), in order, with their C types, and the signature
//! of every runtime function compiled code calls.

use wrapc_abi::{
    CType, DtypeCode, Field, Layout, RuntimeFn, Status, CUDA_CONFIG, CUDA_KERNEL, MAX_DEVICES, MAX_RANK, SLOT_ENTRY,
    TENSOR_HEADER,
};

fn header() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/include/wrapc_runtime.h");
    std::fs::read_to_string(path).expect("the committed header")
}

/// The value of enumerator `NAME = value` or of `#define NAME value`.
fn constant(text: &str, name: &str) -> Option<i64> {
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    text.match_indices(name).find_map(|(at, _)| {
        if text[..at].ends_with(word) {
            return None;
        }
        let rest = &text[at + name.len()..];
        if rest.starts_with(word) {
            return None;
        }
        let rest = rest.trim_start().trim_start_matches('=').trim_start();
        let digits: String = rest
            .chars()
            .enumerate()
            .take_while(|&(i, c)| c.is_ascii_digit() || (i == 0 && c == '-'))
            .map(|(_, c)| c)
            .collect();
        digits.parse().ok()
    })
}

/// The fields of `typedef struct NAME { ... }` as (name, field kind).
fn struct_fields(text: &str, name: &str) -> Vec<(String, Field)> {
    let start = text.find(&format!("typedef struct {name} {{")).unwrap_or_else(|| panic!("no struct {name}"));
    let body = &text[start..];
    let body = &body[body.find('{').unwrap() + 1..body.find('}').unwrap()];
    body.lines()
        .map(|line| line.split("/*").next().unwrap().trim())
        .filter(|line| !line.is_empty())
        .map(|line| {
            let declaration = line.trim_end_matches(';');
            let pointer = declaration.contains('*');
            let (ty, declarator) = declaration.rsplit_once([' ', '*']).unwrap();
            let (field, count) = match declarator.split_once('[') {
                Some((field, n)) => {
                    let n = n.trim_end_matches(']');
                    let count = n.parse().ok().or_else(|| constant(text, n).map(|v| v as usize));
                    (field, count)
                }
                None => (declarator, None),
            };
            let kind = match (pointer, ty.trim(), count) {
                (true, _, _) => Field::Ptr,
                (false, "int32_t", None) => Field::I32,
                (false, "int64_t" | "uint64_t", None) => Field::I64,
                (false, "int64_t", Some(n)) => Field::I64Array(n),
                other => panic!("unexpected field {other:?} in {name}"),
            };
            (field.trim().to_string(), kind)
        })
        .collect()
}

fn expected(layout: &Layout) -> Vec<(String, Field)> {
    layout.fields.iter().map(|(name, field)| (name.to_string(), *field)).collect()
}

#[test]
fn status_and_dtype_codes_match() {
    let text = header();
    for status in Status::ALL {
        assert_eq!(constant(&text, status.c_name()), Some(i64::from(status.code())), "{}", status.c_name());
    }
    for dtype in DtypeCode::ALL {
        assert_eq!(constant(&text, dtype.c_name()), Some(i64::from(dtype.code())), "{}", dtype.c_name());
    }
    assert_eq!(constant(&text, "WRT_MAX_RANK"), Some(MAX_RANK as i64));
    let suffix = format!("#define WRT_BORROWED_SUFFIX \"{}\"", wrapc_abi::BORROWED_SUFFIX);
    assert!(text.contains(&suffix), "the header spells {suffix}");
    assert_eq!(constant(&text, "WRT_LENT"), Some(i64::from(wrapc_runtime::borrowed::LENT)));
    assert_eq!(constant(&text, "WRT_LENT_VIEW"), Some(i64::from(wrapc_runtime::borrowed::LENT_VIEW)));
    assert_eq!(constant(&text, "WRT_SUBCLASS_ATTR"), Some(i64::from(wrapc_abi::SUBCLASS_ATTR_DTYPE)));
}

#[test]
fn abi_structs_match() {
    let text = header();
    assert_eq!(struct_fields(&text, "wrt_tensor_header"), expected(&TENSOR_HEADER));
    assert_eq!(struct_fields(&text, "wrt_cuda_slot_entry"), expected(&SLOT_ENTRY));
    assert_eq!(struct_fields(&text, "wrt_cuda_config"), expected(&CUDA_CONFIG));
    assert_eq!(struct_fields(&text, "wrt_cuda_kernel"), expected(&CUDA_KERNEL));
    assert!(text.contains(&format!("wrt_cuda_slot_entry entries[{MAX_DEVICES}];")));
}

/// The C type of one declared parameter or result, as compiled code passes it.
fn c_type(declaration: &str) -> Option<CType> {
    let declaration = declaration.trim();
    if declaration.contains('*') {
        return Some(CType::Ptr);
    }
    let ty = declaration.split_whitespace().find(|w| *w != "const")?;
    Some(match ty {
        "void" => return None,
        "bool" => CType::Bool,
        "int32_t" => CType::I32,
        "int64_t" => CType::I64,
        "size_t" => CType::Size,
        "wrt_host_kernel" => CType::HostKernel,
        other => panic!("unexpected C type {other:?} in {declaration:?}"),
    })
}

/// The signature `wrapc_runtime.h` declares for `name`.
fn declared_signature(text: &str, name: &str) -> (Vec<CType>, Option<CType>) {
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let at = text
        .match_indices(&format!("{name}("))
        .map(|(at, _)| at)
        .find(|&at| !text[..at].ends_with(word))
        .unwrap_or_else(|| panic!("wrapc_runtime.h does not declare {name}"));
    let line_start = text[..at].rfind('\n').map_or(0, |n| n + 1);
    let result = c_type(&text[line_start..at]);
    let rest = &text[at + name.len() + 1..];
    let params = &rest[..rest.find(')').expect("a closing parenthesis")];
    let params = if params.trim() == "void" { vec![] } else { params.split(',').filter_map(c_type).collect() };
    (params, result)
}

#[test]
fn runtime_functions_compiled_code_calls_are_declared_alike() {
    let text = header();
    for f in RuntimeFn::ALL {
        let signature = f.signature();
        assert_eq!(
            declared_signature(&text, f.c_name()),
            (signature.params.to_vec(), signature.result),
            "{} in wrapc_runtime.h and wrapc_abi::RuntimeFn",
            f.c_name()
        );
    }
}

#[test]
fn the_jit_resolves_every_runtime_function_compiled_code_calls() {
    // The JIT maps each runtime function by name from capi::symbols(): one
    // compiled code calls and the table lacks is an entry point the JIT
    // cannot link (found when wrt_leaf_copy_ was added to one and not the
    // other).
    let symbols = wrapc_runtime::capi::symbols();
    for f in RuntimeFn::ALL {
        assert!(symbols.iter().any(|(name, _)| *name == f.c_name()), "{} is not in capi::symbols()", f.c_name());
    }
}

#[test]
fn dtype_codes_name_their_element_types() {
    // Each enumerator's comment is the wrap dialect's element type of the
    // dtype: the PyTorch side's importer and extension are checked against
    // it (python/tests/test_dtype_tables.py).
    let text = header();
    for dtype in DtypeCode::ALL {
        let line = text
            .lines()
            .find(|line| line.trim_start().starts_with(&format!("{} =", dtype.c_name())))
            .unwrap_or_else(|| panic!("no line declares {}", dtype.c_name()));
        let comment = line.split_once("/*").and_then(|(_, c)| c.split_once("*/")).map(|(c, _)| c.trim());
        assert_eq!(comment, Some(dtype.mlir_element()), "{}'s comment", dtype.c_name());
    }
}
