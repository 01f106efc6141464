//! The C header of a compiled module: one declaration per entry point, with
//! the arguments it checks documented.

use std::fmt::Write as _;

use melior::ir::block::BlockLike;
use melior::ir::operation::OperationLike;
use melior::ir::{Module, RegionLike, Type};
use wrapc_dialects::views::func::FuncOp;
use wrapc_dialects::{DeviceKind, SubclassInfo, TensorTypeInfo, DYNAMIC};

/// One argument or result of an entry point, as the caller sees it.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    Tensor {
        dtype: String,
        sizes: Vec<i64>,
        cuda: bool,
    },
    /// A symbolic int, passed as a 0-d i64 tensor.
    Int,
    /// A tensor-subclass instance: a tensor handle whose header holds the
    /// outer dtype and sizes, and whose attributes are these.
    Subclass {
        type_name: String,
        dtype: String,
        sizes: Vec<i64>,
        attrs: Vec<(String, Arg)>,
    },
}

#[derive(Clone, Debug, PartialEq)]
pub struct EntryPoint {
    pub name: String,
    pub inputs: Vec<Arg>,
    pub outputs: Vec<Arg>,
}

/// The ABI's name of `element` (the verifier admits no other element).
fn dtype_name(element: Type) -> String {
    wrapc_dialects::element_dtype(element).map_or_else(|| element.to_string(), |d| d.name().to_string())
}

fn arg(ty: Type) -> Arg {
    if let Some(info) = SubclassInfo::from_type(ty) {
        return Arg::Subclass {
            type_name: info.name,
            dtype: dtype_name(info.element_type),
            sizes: info.outer_shape,
            attrs: info.attrs.into_iter().map(|(name, ty)| (name, arg(ty))).collect(),
        };
    }
    match TensorTypeInfo::from_type(ty) {
        Some(info) => Arg::Tensor {
            dtype: dtype_name(info.element_type),
            sizes: info.shape,
            cuda: info.device == DeviceKind::Cuda,
        },
        None => Arg::Int,
    }
}

/// C's keywords (C11 and C23), which no declared function may be named.
#[rustfmt::skip]
const C_KEYWORDS: &[&str] = &[
    "alignas", "alignof", "auto", "bool", "break", "case", "char", "const", "constexpr", "continue", "default", "do",
    "double", "else", "enum", "extern", "false", "float", "for", "goto", "if", "inline", "int", "long", "nullptr",
    "register", "restrict", "return", "short", "signed", "sizeof", "static", "static_assert", "struct", "switch",
    "thread_local", "true", "typedef", "typeof", "typeof_unqual", "union", "unsigned", "void", "volatile", "while",
    "_Alignas", "_Alignof", "_Atomic", "_BitInt", "_Bool", "_Complex", "_Decimal128", "_Decimal32", "_Decimal64",
    "_Generic", "_Imaginary", "_Noreturn", "_Static_assert", "_Thread_local",
];

/// Checks that a symbol can be declared in the generated C header as is:
/// a C identifier, not a keyword, not in the runtime's `wrt_` namespace.
/// Symbol names are user input (MLIR allows any quoted string), and the
/// header is compiled into the user's program.
pub fn check_c_name(name: &str) -> Result<(), String> {
    let mut chars = name.chars();
    let valid = chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !valid {
        return Err("not a C identifier (letters, digits and '_', not starting with a digit)".into());
    }
    if C_KEYWORDS.contains(&name) {
        return Err("a C keyword".into());
    }
    if name.starts_with("wrt_") || name.starts_with("WRT_") {
        return Err("names starting with wrt_ belong to the runtime".into());
    }
    Ok(())
}

/// The public functions of a specialized (level-2/3) module that get
/// native entry points.
pub fn entry_points(module: &Module) -> Vec<EntryPoint> {
    let mut entries = Vec::new();
    let mut op = module.body().first_operation();
    while let Some(current) = op {
        op = current.next_in_block();
        // The module is verified: a func.func has its required attributes.
        let Ok(function) = FuncOp::new(current) else { continue };
        if function.sym_visibility().as_deref() == Some("private")
            || current.region(0).ok().and_then(|r| r.first_block()).is_none()
        {
            continue;
        }
        let (inputs, outputs) = function.function_type();
        let all = || inputs.iter().chain(&outputs);
        if !all().any(|&t| TensorTypeInfo::from_type(t).is_some() || SubclassInfo::from_type(t).is_some()) {
            continue;
        }
        entries.push(EntryPoint {
            name: function.sym_name(),
            inputs: inputs.iter().map(|&t| arg(t)).collect(),
            outputs: outputs.iter().map(|&t| arg(t)).collect(),
        });
    }
    entries
}

/// Functions with tensors in their signature that the module only declares:
/// compiled graphs the embedder must link in, with wrapc's entry ABI.
pub fn external_graphs(module: &Module) -> Vec<String> {
    let mut names = Vec::new();
    let mut op = module.body().first_operation();
    while let Some(current) = op {
        op = current.next_in_block();
        let Ok(function) = FuncOp::new(current) else { continue };
        let declared_only = current.region(0).ok().and_then(|r| r.first_block()).is_none();
        let (inputs, results) = function.function_type();
        let takes_tensors = inputs.iter().chain(&results).any(|&t| TensorTypeInfo::from_type(t).is_some());
        if declared_only && takes_tensors {
            names.push(function.sym_name());
        }
    }
    names
}

fn shape(sizes: &[i64]) -> String {
    let dims: Vec<String> = sizes.iter().map(|&d| if d == DYNAMIC { "?".into() } else { d.to_string() }).collect();
    dims.join(", ")
}

fn describe(arg: &Arg) -> String {
    match arg {
        Arg::Int => "symbolic int (0-d i64 tensor)".into(),
        Arg::Tensor { dtype, sizes, cuda } => {
            format!("{dtype}[{}]{}", shape(sizes), if *cuda { " on cuda" } else { "" })
        }
        Arg::Subclass { type_name, dtype, sizes, attrs } => {
            let attrs: Vec<String> =
                attrs.iter().map(|(name, a)| format!("{}: {}", comment_text(name), describe(a))).collect();
            format!("{} subclass {dtype}[{}] {{{}}}", comment_text(type_name), shape(sizes), attrs.join(", "))
        }
    }
}

/// `text` (a Python type or attribute name, any string in the IR) made
/// safe inside a C block comment: it cannot end the comment or a line.
fn comment_text(text: &str) -> String {
    text.replace("*/", "*\\/").chars().map(|c| if c.is_control() { '?' } else { c }).collect()
}

/// The C header declaring every entry point of a compiled module.
pub fn header(library: &str, entries: &[EntryPoint], externals: &[String]) -> String {
    let guard: String =
        library.chars().map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_uppercase() } else { '_' }).collect();
    let mut text = format!("/* Generated by wrapc for {library}; do not edit.\n");
    for line in [
        "",
        "Each entry point takes borrowed input tensors and stores new references",
        "to its outputs (release them with wrt_tensor_release). It checks the",
        "argument counts and the dtype, rank, static sizes and device of each",
        "input it reads (one it never reads may be null; a tensor-subclass",
        "input: its type, then each attribute as it is unwrapped; build one",
        "with wrt_subclass_new),",
        "and returns a wrt_status; wrt_last_error() says what failed. */",
    ] {
        writeln!(text, " *{}{line}", if line.is_empty() { "" } else { " " }).unwrap();
    }
    if !externals.is_empty() {
        writeln!(text, "\n/* The library calls these compiled graphs, which the embedder links in,\n * each with the same entry-point signature: {}. */", externals.join(", ")).unwrap();
    }
    write!(
        text,
        "\n#ifndef {guard}_H\n#define {guard}_H\n\n#include \"wrapc_runtime.h\"\n\n\
         #ifdef __cplusplus\nextern \"C\" {{\n#endif\n\n"
    )
    .unwrap();
    for entry in entries {
        writeln!(text, "/* {}: {} inputs, {} outputs.", entry.name, entry.inputs.len(), entry.outputs.len()).unwrap();
        for (i, input) in entry.inputs.iter().enumerate() {
            writeln!(text, " *   inputs[{i}]:  {}", describe(input)).unwrap();
        }
        for (i, output) in entry.outputs.iter().enumerate() {
            writeln!(text, " *   outputs[{i}]: {}", describe(output)).unwrap();
        }
        writeln!(text, " */").unwrap();
        writeln!(
            text,
            "int32_t {}(wrt_tensor *const *inputs, size_t n_in, wrt_tensor **outputs, size_t n_out);\n",
            entry.name
        )
        .unwrap();
    }
    text.push_str("#ifdef __cplusplus\n}\n#endif\n\n");
    writeln!(text, "#endif /* {guard}_H */").unwrap();
    text
}
