//! Small helpers over melior and the MLIR C API that every pass uses:
//! finding ops, reading their attributes, building ops in place, reporting
//! located errors.

use std::ffi::{c_void, CString};

use melior::ir::attribute::{
    Attribute, AttributeLike, BoolAttribute, DenseI32ArrayAttribute, DenseI64ArrayAttribute, FlatSymbolRefAttribute,
    IntegerAttribute,
};
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationBuilder, OperationLike, OperationMutLike, OperationRef};
use melior::ir::r#type::IntegerType;
use melior::ir::{BlockRef, Identifier, Location, Type, Value, ValueLike};
use melior::Context;
use mlir_sys::*;

/// A pass failed and has already emitted a located diagnostic.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reported;

pub type PassResult = Result<(), Reported>;

/// `loc("file.mlir":3:7)` → `file.mlir:3:7`, the form editors and lit read.
pub fn location_text(loc: &str) -> String {
    let inner = loc.strip_prefix("loc(").and_then(|s| s.strip_suffix(')')).unwrap_or(loc);
    match inner.strip_prefix('"').and_then(|s| s.split_once('"')) {
        Some((file, rest)) => format!("{file}{rest}"),
        None => inner.to_string(),
    }
}

/// Emits `message` as an error located at `op`.
pub fn emit_error(op: OperationRef, message: &str) {
    let message = CString::new(message.replace('\0', " ")).unwrap_or_default();
    // SAFETY: the location belongs to a live op; the message is NUL-terminated.
    unsafe { mlirEmitError(op.location().to_raw(), message.as_ptr()) }
}

/// Emits `message` as a warning located at `op`.
pub fn emit_warning(op: OperationRef, message: &str) {
    let message = CString::new(message.replace('\0', " ")).unwrap_or_default();
    // SAFETY: the location belongs to a live op; the message is NUL-terminated.
    unsafe { crate::ffi::wrapcEmitWarning(op.location().to_raw(), message.as_ptr()) }
}

/// Emits an error at `op` and returns the marker for `?`.
pub fn fail<T>(op: OperationRef, message: &str) -> Result<T, Reported> {
    emit_error(op, message);
    Err(Reported)
}

/// The context `op` lives in, as the `&Context` melior's builders want.
///
/// melior hands out `ContextRef` values, and `ContextRef::to_ref` borrows
/// the `ContextRef` itself, so the reference must point at a `ContextRef`
/// that stays put: one is kept per context (it is just the raw handle).
pub fn context_of<'c>(op: OperationRef<'c, '_>) -> &'c Context {
    use std::cell::RefCell;
    use std::collections::HashMap;
    thread_local! {
        static HANDLES: RefCell<HashMap<usize, &'static melior::ContextRef<'static>>> =
            RefCell::new(HashMap::new());
    }
    // SAFETY: `op` is live, so is its context.
    let raw = unsafe { mlirOperationGetContext(op.to_raw()) };
    let handle = HANDLES.with(|handles| {
        *handles.borrow_mut().entry(raw.ptr as usize).or_insert_with(|| {
            // SAFETY: `raw` is a live context; the handle only stores it.
            Box::leak(Box::new(unsafe { melior::ContextRef::from_raw(raw) }))
        })
    });
    // SAFETY: the handle lives forever; the context outlives every op in it,
    // and callers use the reference only while `op` is alive.
    unsafe { std::mem::transmute::<&'static Context, &'c Context>(handle.to_ref()) }
}

/// Every op named `name` nested under `root`, in post-order.
pub fn collect_ops<'c, 'a>(root: OperationRef<'c, 'a>, name: &str) -> Vec<OperationRef<'c, 'a>> {
    struct State<'n> {
        name: &'n str,
        found: Vec<MlirOperation>,
    }
    unsafe extern "C" fn visit(op: MlirOperation, data: *mut c_void) -> MlirWalkResult {
        // SAFETY: `data` is the State below, alive for the whole walk.
        let state = unsafe { &mut *(data as *mut State) };
        // SAFETY: the walk hands out live ops.
        let op_name = unsafe { OperationRef::from_raw(op) }.name();
        if op_name.as_string_ref().as_str() == Ok(state.name) {
            state.found.push(op);
        }
        MlirWalkResult_MlirWalkResultAdvance
    }
    let mut state = State { name, found: Vec::new() };
    // SAFETY: `root` is live and `state` outlives the walk.
    unsafe {
        mlirOperationWalk(
            root.to_raw(),
            Some(visit),
            &mut state as *mut State as *mut c_void,
            MlirWalkOrder_MlirWalkPostOrder,
        );
        state.found.into_iter().map(|op| OperationRef::from_raw(op)).collect()
    }
}

/// The symbol `name` in the nearest symbol table holding `op`.
pub fn lookup_symbol<'c, 'a>(op: OperationRef<'c, 'a>, name: &str) -> Option<OperationRef<'c, 'a>> {
    let mut table_op = op.parent_operation()?;
    while !is_symbol_table(table_op) {
        table_op = table_op.parent_operation()?;
    }
    lookup_in(table_op, name)
}

/// The symbol `name` defined directly in the symbol table `table_op`.
pub fn lookup_in<'c, 'a>(table_op: OperationRef<'c, 'a>, name: &str) -> Option<OperationRef<'c, 'a>> {
    let name = CString::new(name).ok()?;
    // SAFETY: `table_op` is a live symbol-table op; the table is destroyed
    // before returning and the found op outlives it.
    unsafe {
        let table = mlirSymbolTableCreate(table_op.to_raw());
        let found = mlirSymbolTableLookup(table, mlirStringRefCreateFromCString(name.as_ptr()));
        mlirSymbolTableDestroy(table);
        OperationRef::from_option_raw(found)
    }
}

/// wrapc's symbols (wrappers, compiled graphs, kernels) live in modules.
fn is_symbol_table(op: OperationRef) -> bool {
    op.name().as_string_ref().as_str() == Ok("builtin.module")
}

/// A new `func.func @name(inputs) -> results` with an empty entry block,
/// inserted before `anchor` (the wrapper op a pass expands into it); returns
/// the function and its entry block.
pub fn function_before<'c, 'a>(
    anchor: OperationRef<'c, 'a>,
    name: &str,
    inputs: &[Type<'c>],
    results: &[Type<'c>],
) -> (OperationRef<'c, 'a>, BlockRef<'c, 'a>) {
    use melior::ir::attribute::{StringAttribute, TypeAttribute};
    use melior::ir::r#type::FunctionType;
    use melior::ir::{Block, Region, RegionLike};
    let context = context_of(anchor);
    let location = anchor.location();
    let region = Region::new();
    region.append_block(Block::new(&inputs.iter().map(|&t| (t, location)).collect::<Vec<_>>()));
    let function = melior::dialect::func::func(
        context,
        StringAttribute::new(context, name),
        TypeAttribute::new(FunctionType::new(context, inputs, results).into()),
        region,
        &[],
        location,
    );
    let function = anchor.block().expect("the anchor is in a block").insert_operation_before(anchor, function);
    let body = function.region(0).expect("func has a body").first_block().expect("entry block");
    (function, body)
}

/// Mutable access to `op` for setting attributes and operands.
pub fn as_mut<'c, 'a>(op: OperationRef<'c, 'a>) -> melior::ir::operation::OperationRefMut<'c, 'a> {
    // SAFETY: passes own the IR while they run and hold no other reference
    // through which `op` is read during the mutation.
    unsafe { melior::ir::operation::OperationRefMut::from_raw(op.to_raw()) }
}

/// Replaces every use of `from` by `to`.
pub fn replace_all_uses(from: Value, to: Value) {
    // SAFETY: both values are live and of the same context.
    unsafe { mlirValueReplaceAllUsesOfWith(from.to_raw(), to.to_raw()) }
}

/// Whether anything uses `value`.
pub fn has_uses(value: Value) -> bool {
    // SAFETY: `value` is live; the first use is only compared with null.
    unsafe { !mlirOpOperandIsNull(mlirValueGetFirstUse(value.to_raw())) }
}

/// Erases `op`, which must have no remaining uses.
pub fn erase(op: OperationRef) {
    // SAFETY: the caller no longer holds references into `op`.
    unsafe { mlirOperationDestroy(op.to_raw()) }
}

//===----------------------------------------------------------------------===//
// Reading attributes
//===----------------------------------------------------------------------===//

pub fn attribute<'c>(op: OperationRef<'c, '_>, name: &str) -> Option<Attribute<'c>> {
    op.attribute(name).ok()
}

pub fn has_unit_attr(op: OperationRef, name: &str) -> bool {
    op.has_attribute(name)
}

/// The text of attribute `name` if `is_a` accepts it, read with `text_of`.
fn text_attr(
    op: OperationRef,
    name: &str,
    is_a: unsafe extern "C" fn(MlirAttribute) -> bool,
    text_of: unsafe extern "C" fn(MlirAttribute) -> MlirStringRef,
) -> Option<String> {
    let raw = attribute(op, name)?.to_raw();
    // SAFETY: `text_of` is only called on attributes `is_a` accepted.
    unsafe { is_a(raw).then(|| string_ref(text_of(raw))) }
}

pub fn string_attr(op: OperationRef, name: &str) -> Option<String> {
    text_attr(op, name, mlirAttributeIsAString, mlirStringAttrGetValue)
}

pub fn flat_symbol_attr(op: OperationRef, name: &str) -> Option<String> {
    text_attr(op, name, mlirAttributeIsAFlatSymbolRef, mlirFlatSymbolRefAttrGetValue)
}

pub fn bool_attr(op: OperationRef, name: &str) -> Option<bool> {
    let attr = attribute(op, name)?;
    // SAFETY: checked to be a bool attribute first.
    unsafe { mlirAttributeIsABool(attr.to_raw()).then(|| mlirBoolAttrGetValue(attr.to_raw())) }
}

pub fn int_attr(op: OperationRef, name: &str) -> Option<i64> {
    integer(attribute(op, name)?)
}

/// The value of an integer attribute (`None` for any other attribute).
pub fn integer(attr: Attribute) -> Option<i64> {
    // SAFETY: checked to be an integer attribute first.
    unsafe { mlirAttributeIsAInteger(attr.to_raw()).then(|| mlirIntegerAttrGetValueInt(attr.to_raw())) }
}

pub fn dense_i64_attr(op: OperationRef, name: &str) -> Vec<i64> {
    let Some(attr) = attribute(op, name) else { return Vec::new() };
    // SAFETY: checked to be a dense i64 array first; indices in range.
    unsafe {
        if !mlirAttributeIsADenseI64Array(attr.to_raw()) {
            return Vec::new();
        }
        let n = mlirDenseArrayGetNumElements(attr.to_raw());
        (0..n).map(|i| mlirDenseI64ArrayGetElement(attr.to_raw(), i)).collect()
    }
}

/// Attribute `name` as a dense i64 array, None when absent or another kind
/// (`dense_i64_attr` reads both as empty).
pub fn dense_i64_attr_checked(op: OperationRef, name: &str) -> Option<Vec<i64>> {
    let attr = attribute(op, name)?;
    // SAFETY: only the kind is queried.
    unsafe { mlirAttributeIsADenseI64Array(attr.to_raw()) }.then(|| dense_i64_attr(op, name))
}

/// Attribute `name` as a dense i32 array (ODS's segment sizes), empty when
/// absent or another kind.
pub fn dense_i32_attr(op: OperationRef, name: &str) -> Vec<i32> {
    let Some(attr) = attribute(op, name) else { return Vec::new() };
    // SAFETY: checked to be a dense i32 array first; indices in range.
    unsafe {
        if !mlirAttributeIsADenseI32Array(attr.to_raw()) {
            return Vec::new();
        }
        let n = mlirDenseArrayGetNumElements(attr.to_raw());
        (0..n).map(|i| mlirDenseI32ArrayGetElement(attr.to_raw(), i)).collect()
    }
}

/// Attribute `name` as an array, None when absent or another kind
/// (`array_attr` reads both as empty).
pub fn array_attr_checked<'c>(op: OperationRef<'c, '_>, name: &str) -> Option<Vec<Attribute<'c>>> {
    let attr = attribute(op, name)?;
    // SAFETY: only the kind is queried.
    unsafe { mlirAttributeIsAArray(attr.to_raw()) }.then(|| array_attr(op, name))
}

pub fn array_attr<'c>(op: OperationRef<'c, '_>, name: &str) -> Vec<Attribute<'c>> {
    let Some(attr) = attribute(op, name) else { return Vec::new() };
    // SAFETY: checked to be an array first; indices in range.
    unsafe {
        if !mlirAttributeIsAArray(attr.to_raw()) {
            return Vec::new();
        }
        let n = mlirArrayAttrGetNumElements(attr.to_raw());
        (0..n).map(|i| Attribute::from_raw(mlirArrayAttrGetElement(attr.to_raw(), i))).collect()
    }
}

/// Inputs and results of the `FunctionType` in type attribute `name`.
pub fn function_type_attr<'c>(op: OperationRef<'c, '_>, name: &str) -> Option<(Vec<Type<'c>>, Vec<Type<'c>>)> {
    let attr = attribute(op, name)?;
    // SAFETY: checked to be a type attribute holding a function type.
    unsafe {
        if !mlirAttributeIsAType(attr.to_raw()) {
            return None;
        }
        let ty = mlirTypeAttrGetValue(attr.to_raw());
        if !mlirTypeIsAFunction(ty) {
            return None;
        }
        let inputs = (0..mlirFunctionTypeGetNumInputs(ty)).map(|i| Type::from_raw(mlirFunctionTypeGetInput(ty, i)));
        let results = (0..mlirFunctionTypeGetNumResults(ty)).map(|i| Type::from_raw(mlirFunctionTypeGetResult(ty, i)));
        Some((inputs.collect(), results.collect()))
    }
}

fn string_ref(s: MlirStringRef) -> String {
    // SAFETY: MLIR string refs point to `length` valid bytes.
    unsafe { String::from_utf8_lossy(std::slice::from_raw_parts(s.data as *const u8, s.length)).into_owned() }
}

//===----------------------------------------------------------------------===//
// Building ops
//===----------------------------------------------------------------------===//

/// Creates ops at one insertion point: before an anchor op, or at the end of
/// a block.
pub struct Builder<'c, 'a> {
    pub context: &'c Context,
    pub location: Location<'c>,
    block: BlockRef<'c, 'a>,
    anchor: Option<OperationRef<'c, 'a>>,
}

impl<'c, 'a> Builder<'c, 'a> {
    /// Inserts before `op`, with `op`'s location.
    pub fn before(op: OperationRef<'c, 'a>) -> Self {
        Self {
            context: context_of(op),
            location: op.location(),
            block: op.block().expect("ops being rewritten live in a block"),
            anchor: Some(op),
        }
    }

    /// Appends to the end of `block`.
    pub fn at_end(context: &'c Context, block: BlockRef<'c, 'a>, location: Location<'c>) -> Self {
        Self { context, location, block, anchor: None }
    }

    /// Creates `name(operands) {attributes} : results` here.
    pub fn create(
        &self,
        name: &str,
        operands: &[Value<'c, '_>],
        results: &[Type<'c>],
        attributes: &[(&str, Attribute<'c>)],
    ) -> OperationRef<'c, 'a> {
        self.build(OperationBuilder::new(name, self.location).add_operands(operands).add_results(results), attributes)
    }

    /// Inserts `op`, built by a generated builder (`crate::ops::wrap::*`),
    /// at this builder's point.
    pub fn insert(&self, op: impl Into<melior::ir::Operation<'c>>) -> OperationRef<'c, 'a> {
        match self.anchor {
            Some(anchor) => self.block.insert_operation_before(anchor, op.into()),
            None => self.block.append_operation(op.into()),
        }
    }

    /// Inserts `op`, built by a generated builder, and gives it the
    /// `operandSegmentSizes` of an `AttrSizedOperandSegments` op: melior's
    /// generated builders take each operand group but do not record the
    /// group sizes, so the caller passes the lengths of the groups it gave.
    pub fn insert_segmented(
        &self,
        op: impl Into<melior::ir::Operation<'c>>,
        segments: &[usize],
    ) -> OperationRef<'c, 'a> {
        let segments: Vec<i32> =
            segments.iter().map(|&n| i32::try_from(n).expect("an operand group fits in i32")).collect();
        let op = self.insert(op);
        as_mut(op).set_attribute("operandSegmentSizes", DenseI32ArrayAttribute::new(self.context, &segments).into());
        op
    }

    /// Adds `attributes`, builds, and inserts at this builder's point.
    fn build(&self, builder: OperationBuilder<'c>, attributes: &[(&str, Attribute<'c>)]) -> OperationRef<'c, 'a> {
        let attributes: Vec<_> = attributes.iter().map(|(k, v)| (Identifier::new(self.context, k), *v)).collect();
        let op =
            builder.add_attributes(&attributes).build().expect("wrapc builds only registered ops with valid operands");
        match self.anchor {
            Some(anchor) => self.block.insert_operation_before(anchor, op),
            None => self.block.append_operation(op),
        }
    }

    /// Creates an op with one result and returns that result.
    pub fn value(
        &self,
        name: &str,
        operands: &[Value<'c, '_>],
        result: Type<'c>,
        attributes: &[(&str, Attribute<'c>)],
    ) -> Value<'c, 'a> {
        self.create(name, operands, &[result], attributes).result(0).expect("one result").into()
    }

    /// Parses an attribute this crate spells itself.
    pub fn attr(&self, text: &str) -> Attribute<'c> {
        Attribute::parse(self.context, text).unwrap_or_else(|| panic!("wrapc spelled an invalid attribute: {text}"))
    }

    pub fn ty(&self, text: &str) -> Type<'c> {
        Type::parse(self.context, text).unwrap_or_else(|| panic!("wrapc spelled an invalid type: {text}"))
    }

    pub fn dense_i64(&self, values: &[i64]) -> Attribute<'c> {
        DenseI64ArrayAttribute::new(self.context, values).into()
    }

    pub fn dense_i32(&self, values: &[i32]) -> Attribute<'c> {
        DenseI32ArrayAttribute::new(self.context, values).into()
    }

    pub fn i64_attr(&self, value: i64) -> Attribute<'c> {
        IntegerAttribute::new(IntegerType::new(self.context, 64).into(), value).into()
    }

    pub fn bool_attr(&self, value: bool) -> Attribute<'c> {
        BoolAttribute::new(self.context, value).into()
    }

    pub fn unit(&self) -> Attribute<'c> {
        Attribute::unit(self.context)
    }

    pub fn symbol_ref(&self, name: &str) -> Attribute<'c> {
        FlatSymbolRefAttribute::new(self.context, name).into()
    }

    /// `arith.constant <value> : i1`.
    pub fn const_bool(&self, value: bool) -> Value<'c, 'a> {
        let constant =
            self.insert(melior::dialect::arith::constant(self.context, self.bool_attr(value), self.location));
        constant.result(0).expect("one result").into()
    }

    pub fn index_type(&self) -> Type<'c> {
        Type::index(self.context)
    }
}

/// An SSA value's identity, for maps and sets keyed by value: melior's
/// `Value` compares equal by identity but is not hashable. Valid while the
/// value's IR lives.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct ValueId(usize);

impl ValueId {
    pub fn of<'c>(value: impl ValueLike<'c>) -> Self {
        ValueId(value.to_raw().ptr as usize)
    }
}

/// The textual form of `ty`, for diagnostics.
pub fn type_text(ty: Type) -> String {
    ty.to_string()
}

/// Whether `ty` is a `!wrap.tensor`.
pub fn is_tensor(ty: Type) -> bool {
    crate::TensorTypeInfo::from_type(ty).is_some()
}

/// The block argument index of `value` if it is an argument of `block`.
pub fn argument_number(value: Value, block: BlockRef) -> Option<usize> {
    // Asked of the value, not found among the block's arguments: callers ask
    // once per operand, and a scan was quadratic in a wrapper's inputs.
    // Checked first: melior's `TryFrom` error prints the value, which
    // numbers every value of the function.
    if !value.is_block_argument() {
        return None;
    }
    let argument = melior::ir::block::BlockArgument::try_from(value).ok()?;
    (argument.owner() == block).then(|| argument.argument_number())
}

/// A detached deep copy of `op`.
pub fn clone_operation<'c>(op: OperationRef<'c, '_>) -> melior::ir::Operation<'c> {
    // SAFETY: `op` is live; the clone is a new, unowned operation.
    unsafe { melior::ir::Operation::from_raw(mlir_sys::mlirOperationClone(op.to_raw())) }
}

/// Size of operand segment `i` of an op with `operandSegmentSizes`.
pub fn dense_segment(op: OperationRef, i: usize) -> usize {
    let Some(attr) = attribute(op, "operandSegmentSizes") else { return 0 };
    // SAFETY: operandSegmentSizes is a dense i32 array.
    unsafe {
        let raw = attr.to_raw();
        if !mlir_sys::mlirAttributeIsADenseI32Array(raw) || (i as isize) >= mlir_sys::mlirDenseArrayGetNumElements(raw)
        {
            return 0;
        }
        mlir_sys::mlirDenseI32ArrayGetElement(raw, i as isize) as usize
    }
}

/// An MLIR string literal holding `bytes` exactly (other than printable
/// ASCII, every byte as a `\XX` escape).
pub fn string_literal(bytes: &[u8]) -> String {
    use std::fmt::Write as _;
    let mut text = String::with_capacity(bytes.len() + 2);
    text.push('"');
    for &b in bytes {
        if (b.is_ascii_graphic() && b != b'"' && b != b'\\') || b == b' ' {
            text.push(b as char);
        } else {
            write!(text, "\\{b:02X}").unwrap();
        }
    }
    text.push('"');
    text
}

/// Parses `source` (ops wrapc spells itself, e.g. globals) and inserts a
/// copy of each of its top-level ops into `block`: before `anchor`, or at
/// the start of the block. False when the source does not parse.
pub fn insert_parsed<'c>(
    context: &'c Context,
    source: &str,
    block: BlockRef<'c, '_>,
    anchor: Option<OperationRef<'c, '_>>,
) -> bool {
    let Some(parsed) = melior::ir::Module::parse(context, source) else { return false };
    let anchor = anchor.or_else(|| block.first_operation());
    let mut next = parsed.body().first_operation();
    while let Some(op) = next {
        next = op.next_in_block();
        let copy = clone_operation(op);
        match anchor {
            Some(anchor) => block.insert_operation_before(anchor, copy),
            None => block.append_operation(copy),
        };
    }
    true
}
