//! The committed C header (`include/wrapc_runtime.h`) says what wrapc_abi
//! says: status and dtype enumerators, `WRT_MAX_RANK`, and the fields of
//! the structs compiled code reads inline (`wrt_tensor_header`,
//! `wrt_cuda_slot_entry`), in order, with their C types.

use wrapc_abi::{DtypeCode, Field, Layout, Status, MAX_DEVICES, MAX_RANK, SLOT_ENTRY, TENSOR_HEADER};

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
        let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
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
                (false, "int64_t", None) => Field::I64,
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
}

#[test]
fn inline_read_structs_match() {
    let text = header();
    assert_eq!(struct_fields(&text, "wrt_tensor_header"), expected(&TENSOR_HEADER));
    assert_eq!(struct_fields(&text, "wrt_cuda_slot_entry"), expected(&SLOT_ENTRY));
    assert!(text.contains(&format!("wrt_cuda_slot_entry entries[{MAX_DEVICES}];")));
}
