//! Typed Rust views of the wrap ops, generated from `WrapOps.td`, and of the
//! few upstream ops wrapc reads (`func.func`, `func.call`, `arith.constant`,
//! the `arith` comparisons, `llvm.mlir.global`, `llvm.getelementptr`), generated from upstream's own ODS (the build
//! script's half of `src/views.rs`): per op a struct over an
//! `OperationRef` whose constructor checks the op's name and that every
//! required attribute is there with its ODS kind, and an accessor per
//! attribute, operand and result, typed by the ODS constraint. Code that
//! reads an op through its view can no longer misspell an attribute or
//! silently default a required one.

use std::fmt::Write as _;

use tblgen::{Record, RecordKeeper, TypedInit};

/// How an attribute reads in Rust: the ir.rs helper that reads it and the
/// type it returns. `Attribute` is the generic fallback for the dialect's own
/// attributes (`#wrap.input`, ...), which `metadata.rs` decodes.
#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Bool,
    Unit,
    Int,
    Str,
    Symbol,
    I64Array,
    FunctionType,
    Array,
    Attribute,
}

impl Kind {
    fn of(constraint: Record) -> Kind {
        let is = |class: &str| constraint.subclass_of(class) || constraint.name().ok() == Some(class);
        if is("ConfinedAttr") {
            // Reads as the attribute it confines.
            return Kind::of(constraint.def_value("baseAttr").expect("ConfinedAttr has a baseAttr"));
        }
        if is("UnitAttr") {
            Kind::Unit
        } else if is("BoolAttr") {
            Kind::Bool
        } else if is("I64Attr") || is("I32Attr") || is("IndexAttr") || is("IntEnumAttr") {
            Kind::Int
        } else if is("FlatSymbolRefAttr") {
            Kind::Symbol
        } else if is("StrAttr") || is("SymbolNameAttr") {
            Kind::Str
        } else if is("DenseI64ArrayAttr") {
            Kind::I64Array
        } else if is("TypeAttrOf") {
            Kind::FunctionType
        } else if is("ArrayAttr") || is("TypedArrayAttrBase") {
            Kind::Array
        } else {
            Kind::Attribute
        }
    }

    /// The Rust type of a present attribute.
    fn rust(self) -> &'static str {
        match self {
            Kind::Bool | Kind::Unit => "bool",
            Kind::Int => "i64",
            Kind::Str | Kind::Symbol => "String",
            Kind::I64Array => "Vec<i64>",
            Kind::FunctionType => "(Vec<Type<'c>>, Vec<Type<'c>>)",
            Kind::Array => "Vec<Attribute<'c>>",
            Kind::Attribute => "Attribute<'c>",
        }
    }

    /// An expression of type `Option<rust()>`: the attribute `name` of
    /// `self.op` if it is there with this kind.
    fn read(self, name: &str) -> String {
        match self {
            Kind::Bool => format!("ir::bool_attr(self.op, {name:?})"),
            Kind::Unit => format!("Some(ir::has_unit_attr(self.op, {name:?}))"),
            Kind::Int => format!("ir::int_attr(self.op, {name:?})"),
            Kind::Str => format!("ir::string_attr(self.op, {name:?})"),
            Kind::Symbol => format!("ir::flat_symbol_attr(self.op, {name:?})"),
            Kind::I64Array => format!("ir::dense_i64_attr_checked(self.op, {name:?})"),
            Kind::FunctionType => format!("ir::function_type_attr(self.op, {name:?})"),
            Kind::Array => format!("ir::array_attr_checked(self.op, {name:?})"),
            Kind::Attribute => format!("ir::attribute(self.op, {name:?})"),
        }
    }
}

/// Whether an attribute may be absent, and what it then reads as.
enum Presence {
    Required,
    Optional,
    /// ODS's `DefaultValuedAttr`: the declared default (its C++ spelling,
    /// which for the kinds used here is Rust's too).
    Default(String),
}

struct Attr {
    name: String,
    kind: Kind,
    presence: Presence,
}

/// An operand or result: its name and whether it is variadic (or optional).
struct Value {
    name: String,
    variadic: bool,
}

struct Op {
    def: String,
    /// The view's Rust name: the def's, less a dialect prefix (`Wrap_`,
    /// `Arith_`).
    ty: String,
    name: String,
    /// Whether it is a wrap op (its kind is then a `WrapOp`).
    wrap: bool,
    summary: String,
    attrs: Vec<Attr>,
    operands: Vec<Value>,
    results: Vec<Value>,
    sized_operand_segments: bool,
}

fn attr(name: &str, constraint: Record) -> Attr {
    let name = name.to_string();
    if constraint.subclass_of("UnitAttr") || constraint.name().ok() == Some("UnitAttr") {
        return Attr { name, kind: Kind::Unit, presence: Presence::Optional };
    }
    if constraint.subclass_of("OptionalAttr") {
        let base = constraint.def_value("baseAttr").expect("OptionalAttr has a baseAttr");
        return Attr { name, kind: Kind::of(base), presence: Presence::Optional };
    }
    if constraint.subclass_of("DefaultValuedAttr") {
        let base = constraint.def_value("baseAttr").expect("DefaultValuedAttr has a baseAttr");
        let default = constraint.str_value("defaultValue").expect("DefaultValuedAttr has a defaultValue");
        return Attr { name, kind: Kind::of(base), presence: Presence::Default(default.to_string()) };
    }
    Attr { name, kind: Kind::of(constraint), presence: Presence::Required }
}

/// The constraint an `Arg<...>` / `Res<...>` wraps (with a description and
/// memory effects), or `record` itself.
fn unwrap_arg(record: Record) -> Record {
    if record.subclass_of("Arg") {
        if let Ok(inner) = record.def_value("constraint") {
            return unwrap_arg(inner);
        }
    }
    record
}

fn values(dag: tblgen::init::DagInit) -> Vec<Value> {
    dag.args()
        .filter_map(|(name, init)| {
            let TypedInit::Def(def) = init else { return None };
            let record = unwrap_arg(Record::from(def));
            let variadic = record.subclass_of("Variadic") || record.subclass_of("Optional");
            // An unnamed one (`func.call`'s results) has no accessor but
            // counts.
            Some(Value { name: name.unwrap_or_default().to_string(), variadic })
        })
        .collect()
}

fn read_op(record: Record) -> Op {
    let def = record.name().unwrap().to_string();
    let dialect = record.def_value("opDialect").and_then(|d| d.str_value("name")).expect("an op's dialect");
    let dialect = dialect.to_string();
    let name = format!("{dialect}.{}", record.str_value("opName").unwrap());
    let ty = def.split_once('_').map_or(def.as_str(), |(_, rest)| rest).to_string();
    let wrap = dialect == "wrap";
    let summary = record.str_value("summary").unwrap_or_default().to_string();
    let mut attrs = Vec::new();
    let mut operands = Vec::new();
    for (arg, init) in record.dag_value("arguments").unwrap().args() {
        let (Some(arg), TypedInit::Def(def)) = (arg, init) else { continue };
        let constraint = unwrap_arg(Record::from(def));
        if constraint.subclass_of("Property") {
            // Stored inline, not as an attribute or operand: no accessor.
            continue;
        }
        if constraint.subclass_of("Attr") || constraint.subclass_of("AttrConstraint") {
            attrs.push(attr(arg, constraint));
        } else {
            let variadic = constraint.subclass_of("Variadic") || constraint.subclass_of("Optional");
            operands.push(Value { name: arg.to_string(), variadic });
        }
    }
    let results = values(record.dag_value("results").unwrap());
    let sized_operand_segments = record
        .list_of_defs_value("traits")
        .unwrap_or_default()
        .iter()
        .any(|t| t.name().is_ok_and(|n| n.contains("AttrSizedOperandSegments")));
    Op { def, ty, name, wrap, summary, attrs, operands, results, sized_operand_segments }
}

/// `snake_case` of an ODS argument name (`dynamicSizes` -> `dynamic_sizes`),
/// kept clear of Rust keywords.
fn rust_name(name: &str) -> String {
    let mut out = String::new();
    for (i, c) in name.chars().enumerate() {
        if c.is_ascii_uppercase() {
            if i > 0 {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    match out.as_str() {
        "type" | "fn" | "impl" | "ref" | "move" | "self" | "where" | "in" | "loop" | "match" | "mod" | "use" => {
            format!("{out}_")
        }
        _ => out,
    }
}

/// Accessors for the operands or results `values` of `kind` ("operand" /
/// "result"): each fixed one by its index, a single variadic one as the
/// range between the fixed ones, several through the segment sizes.
fn value_accessors(code: &mut String, values: &[Value], kind: &str, segments: Option<&str>) {
    let (one, count) = match kind {
        "operand" => ("operand", "operand_count"),
        _ => ("result", "result_count"),
    };
    let ty = "Value<'c, 'a>";
    // Operands are values already; results convert.
    let convert = if kind == "operand" { "" } else { ".map(Into::into)" };
    let variadics = values.iter().filter(|v| v.variadic).count();
    for (i, value) in values.iter().enumerate() {
        if value.name.is_empty() {
            continue;
        }
        let method = rust_name(&value.name);
        let before = values[..i].iter().filter(|v| !v.variadic).count();
        let after = values[i + 1..].iter().filter(|v| !v.variadic).count();
        if variadics > 1 && !value.variadic {
            // A fixed one among several variadic ones: its segment's one value.
            let Some(segments) = segments else { continue };
            writeln!(code, "    /// The `{}` {kind} (ODS {kind} segment {i}).", value.name).unwrap();
            writeln!(code, "    pub fn {method}(&self) -> {ty} {{").unwrap();
            writeln!(code, "        let sizes = ir::dense_i32_attr(self.op, {segments:?});").unwrap();
            writeln!(code, "        let start: usize = sizes.iter().take({i}).map(|&n| n as usize).sum();").unwrap();
            writeln!(code, "        self.op.{one}(start){convert}.expect(CHECKED)").unwrap();
            writeln!(code, "    }}\n").unwrap();
        } else if variadics > 1 {
            let Some(segments) = segments else { continue };
            writeln!(code, "    /// The `{}` {kind}s (ODS {kind} segment {i}).", value.name).unwrap();
            writeln!(code, "    pub fn {method}(&self) -> Vec<{ty}> {{").unwrap();
            writeln!(code, "        let sizes = ir::dense_i32_attr(self.op, {segments:?});").unwrap();
            if i == 0 {
                writeln!(code, "        let start = 0;").unwrap();
            } else {
                writeln!(code, "        let start: usize = sizes.iter().take({i}).map(|&n| n as usize).sum();")
                    .unwrap();
            }
            let at = if i == 0 { "first()".to_string() } else { format!("get({i})") };
            writeln!(code, "        let len = sizes.{at}.map_or(0, |&n| n as usize);").unwrap();
            writeln!(code, "        (start..start + len).filter_map(|j| self.op.{one}(j).ok(){convert}).collect()")
                .unwrap();
            writeln!(code, "    }}\n").unwrap();
        } else if value.variadic {
            writeln!(code, "    /// The `{}` {kind}s.", value.name).unwrap();
            writeln!(code, "    pub fn {method}(&self) -> Vec<{ty}> {{").unwrap();
            writeln!(code, "        let end = self.op.{count}().saturating_sub({after});").unwrap();
            writeln!(code, "        ({before}..end).filter_map(|j| self.op.{one}(j).ok(){convert}).collect()").unwrap();
            writeln!(code, "    }}\n").unwrap();
        } else {
            // Before a variadic one the index is fixed; after it, counted
            // from the end.
            let index = if values[..i].iter().any(|v| v.variadic) {
                format!("self.op.{count}() - {}", values.len() - i)
            } else {
                i.to_string()
            };
            writeln!(code, "    /// The `{}` {kind}.", value.name).unwrap();
            writeln!(code, "    pub fn {method}(&self) -> {ty} {{").unwrap();
            writeln!(code, "        self.op.{one}({index}){convert}.expect(CHECKED)").unwrap();
            writeln!(code, "    }}\n").unwrap();
        }
    }
}

fn view(code: &mut String, op: &Op) {
    let ty = &op.ty;
    writeln!(code, "/// `{}`: {}", op.name, op.summary.replace('`', "'")).unwrap();
    writeln!(code, "#[derive(Clone, Copy)]\npub struct {ty}<'c, 'a> {{\n    op: OperationRef<'c, 'a>,\n}}\n").unwrap();
    writeln!(code, "impl<'c, 'a> {ty}<'c, 'a> {{").unwrap();
    writeln!(code, "    /// The op's full name.\n    pub const NAME: &'static str = {:?};\n", op.name).unwrap();
    if op.wrap {
        let variant = ty.trim_end_matches("Op");
        writeln!(code, "    pub const KIND: WrapOp = WrapOp::{variant};\n").unwrap();
    }
    writeln!(code, "    /// `op` as a `{}`: an error when it is another op, or when a required", op.name).unwrap();
    writeln!(code, "    /// attribute is missing or of another kind (what the verifier rejects).").unwrap();
    writeln!(code, "    pub fn new(op: OperationRef<'c, 'a>) -> Result<Self, ViewError> {{").unwrap();
    if op.wrap {
        writeln!(code, "        if WrapOp::of(&op) != Some(Self::KIND) {{").unwrap();
    } else {
        writeln!(code, "        if op.name().as_string_ref().as_str() != Ok(Self::NAME) {{").unwrap();
    }
    writeln!(code, "            return Err(ViewError::NotThisOp({:?}));\n        }}", op.name).unwrap();
    let check_vars = if op.attrs.iter().any(|a| matches!(a.presence, Presence::Required)) { "view" } else { "_view" };
    writeln!(code, "        let {check_vars} = Self {{ op }};").unwrap();
    for a in op.attrs.iter().filter(|a| matches!(a.presence, Presence::Required)) {
        writeln!(code, "        if {}.is_none() {{", a.kind.read(&a.name).replace("self.op", "view.op")).unwrap();
        writeln!(code, "            return Err(ViewError::Attribute({:?}, {:?}));\n        }}", op.name, a.name)
            .unwrap();
    }
    // The operand and result counts the accessors index by, so that none
    // of them can fail on an op the verifier never saw.
    if op.sized_operand_segments {
        let n = op.operands.len();
        let fixed: Vec<usize> = (0..n).filter(|&i| !op.operands[i].variadic).collect();
        writeln!(code, "        let sizes = ir::dense_i32_attr(op, \"operandSegmentSizes\");").unwrap();
        writeln!(
            code,
            "        if sizes.len() != {n} || sizes.iter().any(|&k| k < 0) || {fixed:?}.iter().any(|&i: &usize| sizes[i] != 1)"
        )
        .unwrap();
        writeln!(
            code,
            "            || sizes.iter().map(|&k| k as usize).sum::<usize>() != op.operand_count()\n        {{"
        )
        .unwrap();
        writeln!(
            code,
            "            return Err(ViewError::Attribute({:?}, \"operandSegmentSizes\"));\n        }}",
            op.name
        )
        .unwrap();
    } else {
        count_check(code, &op.operands, "operand", &op.name);
    }
    count_check(code, &op.results, "result", &op.name);
    writeln!(code, "        Ok({check_vars})\n    }}\n").unwrap();
    writeln!(code, "    /// The operation itself.\n    pub fn operation(&self) -> OperationRef<'c, 'a> {{\n        self.op\n    }}\n")
        .unwrap();
    for a in &op.attrs {
        let method = rust_name(&a.name);
        let rust = a.kind.rust();
        let read = a.kind.read(&a.name);
        match &a.presence {
            Presence::Required => {
                writeln!(code, "    /// `{}` (required: checked by `new`).", a.name).unwrap();
                writeln!(code, "    pub fn {method}(&self) -> {rust} {{\n        {read}.expect(CHECKED)\n    }}\n")
                    .unwrap();
            }
            Presence::Optional if a.kind == Kind::Unit => {
                writeln!(code, "    /// Whether unit attribute `{}` is set.", a.name).unwrap();
                writeln!(
                    code,
                    "    pub fn {method}(&self) -> bool {{\n        ir::has_unit_attr(self.op, {:?})\n    }}\n",
                    a.name
                )
                .unwrap();
            }
            Presence::Optional => {
                writeln!(code, "    /// `{}`, if set.", a.name).unwrap();
                writeln!(code, "    pub fn {method}(&self) -> Option<{rust}> {{\n        {read}\n    }}\n").unwrap();
            }
            Presence::Default(value) => {
                let default = match a.kind {
                    Kind::I64Array if value.trim() == "{}" => String::new(),
                    Kind::Int | Kind::Bool if op.wrap || value.trim().parse::<i64>().is_ok() => value.clone(),
                    // An upstream default with no Rust spelling (a C++
                    // enum value): read as the optional attribute it is.
                    _ if !op.wrap => {
                        writeln!(code, "    /// `{}`, if set (ODS default when absent: `{value}`).", a.name).unwrap();
                        writeln!(code, "    pub fn {method}(&self) -> Option<{rust}> {{\n        {read}\n    }}\n")
                            .unwrap();
                        continue;
                    }
                    _ => panic!("{}: no Rust spelling of the default {value:?} of `{}`", op.name, a.name),
                };
                writeln!(code, "    /// `{}` (ODS default when absent: `{value}`).", a.name).unwrap();
                let fallback =
                    if default.is_empty() { "unwrap_or_default()".into() } else { format!("unwrap_or({default})") };
                writeln!(code, "    pub fn {method}(&self) -> {rust} {{\n        {read}.{fallback}\n    }}\n").unwrap();
            }
        }
    }
    value_accessors(code, &op.operands, "operand", op.sized_operand_segments.then_some("operandSegmentSizes"));
    value_accessors(code, &op.results, "result", None);
    code.push_str("}\n\n");
}

/// In `new`: the op has at least the fixed `values` of `kind`, exactly as
/// many when none is variadic.
fn count_check(code: &mut String, values: &[Value], kind: &str, op: &str) {
    let fixed = values.iter().filter(|v| !v.variadic).count();
    let cmp = if values.iter().any(|v| v.variadic) { "<" } else { "!=" };
    if fixed == 0 && cmp == "<" {
        return;
    }
    writeln!(code, "        if op.{kind}_count() {cmp} {fixed} {{").unwrap();
    writeln!(code, "            return Err(ViewError::Count({op:?}, {kind:?}));\n        }}").unwrap();
}

/// The views of every op `keeper` holds that derives from `Wrap_Op`.
pub fn write(keeper: &RecordKeeper) -> String {
    let mut ops: Vec<Op> = keeper.all_derived_definitions("Wrap_Op").map(read_op).collect();
    ops.sort_by(|a, b| a.def.cmp(&b.def));
    let mut code = String::from("// Generated from WrapOps.td by dialects/build_views.rs; do not edit.\n\n");
    code.push_str("const CHECKED: &str = \"checked when the view was made\";\n\n");
    for op in &ops {
        view(&mut code, op);
    }
    code
}

/// The upstream ops wrapc reads, by dialect module and ODS def: the rest of
/// their dialects wrapc only builds (through melior) or passes through.
pub const UPSTREAM: &[(&str, &[&str])] = &[
    ("func", &["FuncOp", "CallOp"]),
    ("arith", &["Arith_ConstantOp", "Arith_CmpIOp", "Arith_CmpFOp"]),
    ("llvm", &["LLVM_GlobalOp", "LLVM_GEPOp"]),
];

/// The views of the [`UPSTREAM`] ops, one module per dialect, from
/// `keeper` (which parsed upstream's ODS).
pub fn write_upstream(keeper: &RecordKeeper) -> String {
    let mut code = String::from("// Generated from upstream MLIR's ODS by dialects/build_views.rs; do not edit.\n\n");
    for (dialect, defs) in UPSTREAM {
        writeln!(code, "/// Views of `{dialect}` ops.\npub mod {dialect} {{\n    use super::*;\n").unwrap();
        for def in *defs {
            let record = keeper.def(def).unwrap_or_else(|e| panic!("upstream ODS defines no {def}: {e}"));
            let op = read_op(record);
            assert_eq!(op.name.split('.').next(), Some(*dialect), "{def} is not a {dialect} op");
            let mut one = String::new();
            view(&mut one, &op);
            for line in one.lines() {
                if line.is_empty() {
                    code.push('\n');
                } else {
                    writeln!(code, "    {line}").unwrap();
                }
            }
        }
        code.push_str("}\n\n");
    }
    code
}
