//! Host kernel payloads and symbolic-int arithmetic, run op by op, so that a
//! program with real compute has an interpreted twin of its compiled code.
//!
//! A `wrap.launch` on the host runs the kernel's `host` payload (a
//! `func.func` over `!llvm.ptr` tensor data, scalars and the program ids)
//! once per program id, x fastest, exactly as `wrt_launch_host` calls the
//! compiled payload. The upstream ops such payloads use are interpreted here:
//! `arith` (integer, float, compare, select, casts), `scf.for`/`scf.if`/
//! `scf.yield`, `llvm.getelementptr`/`llvm.load`/`llvm.store`. Pointers keep
//! the tensor they point into, and every load and store is bounds-checked
//! against its storage: a payload that reaches outside its tensors is a
//! located error, not a wild access. Floats compute in their own width (f32
//! arithmetic rounds as compiled f32 code does).

use std::collections::HashMap;

use melior::ir::attribute::{DenseI32ArrayAttribute, FloatAttribute, TypeAttribute};
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::{IntegerType, TypeLike};
use melior::ir::{BlockRef, RegionLike, Type, ValueLike};
use wrapc_dialects::ir::{self, ValueId};
use wrapc_dialects::views::arith::{CmpFOp, CmpIOp, ConstantOp};
use wrapc_dialects::views::llvm::GEPOp;
use wrapc_dialects::views::{KernelOp, LaunchOp, ViewError};
use wrapc_dialects::{KernelConfig, TensorTypeInfo};
use wrapc_runtime::{Device, Tensor};

use crate::value::Value;
use crate::{InterpError, Result};

/// A value inside a payload.
#[derive(Clone, Debug)]
enum Scalar {
    /// An integer of `bits` bits (index and i64: 64), kept sign-extended.
    Int { value: i64, bits: u32 },
    /// A float of type `kind`, kept as f64.
    Float { value: f64, kind: FloatKind },
    /// Byte `offset` into `tensor`'s storage.
    Ptr { tensor: Tensor, offset: i64 },
}

/// Largest number of programs one launch may run in the interpreter: an
/// oracle for tests, not a runtime (the same bound keeps hostile grids from
/// running for hours).
const MAX_PROGRAMS: i64 = 1 << 24;
/// Largest number of payload ops one launch may execute.
const MAX_STEPS: u64 = 1 << 32;

/// The width of an integer type the payload computes in (`index`: 64).
fn int_bits(ty: Type) -> Option<u32> {
    if ty.is_index() {
        return Some(64);
    }
    let width = IntegerType::try_from(ty).ok().filter(|t| t.is_signless())?.width();
    matches!(width, 1 | 8 | 16 | 32 | 64).then_some(width)
}

/// A float type the payload computes in: kept as f64, rounded to the type
/// after each op.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum FloatKind {
    F16,
    /// 16 bits too, but rounded differently from f16.
    BF16,
    F32,
    F64,
}

impl FloatKind {
    fn of(ty: Type) -> Option<Self> {
        Some(if ty.is_f16() {
            Self::F16
        } else if ty.is_bf16() {
            Self::BF16
        } else if ty.is_f32() {
            Self::F32
        } else if ty.is_f64() {
            Self::F64
        } else {
            return None;
        })
    }

    /// `value` rounded to this type.
    fn round(self, value: f64) -> f64 {
        match self {
            Self::F16 => half::f16::from_f64(value).to_f64(),
            Self::BF16 => half::bf16::from_f64(value).to_f64(),
            Self::F32 => value as f32 as f64,
            Self::F64 => value,
        }
    }
}

/// What `llvm.load`, `llvm.store` and `llvm.getelementptr` move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Element {
    Int(u32),
    Float(FloatKind),
    Ptr,
}

impl Element {
    fn of(ty: Type) -> Option<Self> {
        if let Some(bits) = int_bits(ty) {
            return Some(Self::Int(bits));
        }
        if ty.is_llvm_pointer_type() {
            return Some(Self::Ptr);
        }
        FloatKind::of(ty).map(Self::Float)
    }

    fn bytes(self) -> i64 {
        match self {
            Self::Int(1 | 8) => 1,
            Self::Int(16) | Self::Float(FloatKind::F16 | FloatKind::BF16) => 2,
            Self::Int(32) | Self::Float(FloatKind::F32) => 4,
            Self::Int(_) | Self::Float(FloatKind::F64) | Self::Ptr => 8,
        }
    }
}

/// `value` wrapped to `bits` bits, sign-extended (i1 is 0 or -1 in MLIR's
/// two's complement; kept as 0/1 here since only its truth is observed).
fn wrap_bits(value: i64, bits: u32) -> i64 {
    match bits {
        64 => value,
        1 => value & 1,
        b => (value << (64 - b)) >> (64 - b),
    }
}

fn unsigned(value: i64, bits: u32) -> u64 {
    if bits >= 64 {
        value as u64
    } else {
        (value as u64) & ((1u64 << bits) - 1)
    }
}

/// One arith op on integers (shared by payloads and level-2/3 symbolic-int
/// code); `None` if `name` is not an integer arith op.
pub(crate) fn int_op(op: OperationRef, name: &str, a: i64, b: i64, bits: u32) -> Option<Result<i64>> {
    let div_zero = || Err(InterpError::at(op, format!("'{name}' divides by zero")));
    let (ua, ub) = (unsigned(a, bits), unsigned(b, bits));
    let result = match name {
        "arith.addi" => Ok(a.wrapping_add(b)),
        "arith.subi" => Ok(a.wrapping_sub(b)),
        "arith.muli" => Ok(a.wrapping_mul(b)),
        "arith.andi" => Ok(a & b),
        "arith.ori" => Ok(a | b),
        "arith.xori" => Ok(a ^ b),
        "arith.minsi" => Ok(a.min(b)),
        "arith.maxsi" => Ok(a.max(b)),
        "arith.minui" => Ok(if ua <= ub { a } else { b }),
        "arith.maxui" => Ok(if ua >= ub { a } else { b }),
        "arith.divsi" | "arith.remsi" | "arith.ceildivsi" | "arith.floordivsi" if b == 0 => div_zero(),
        "arith.divui" | "arith.remui" | "arith.ceildivui" if ub == 0 => div_zero(),
        "arith.divsi" => Ok(a.wrapping_div(b)),
        "arith.remsi" => Ok(a.wrapping_rem(b)),
        "arith.floordivsi" => Ok(a.wrapping_div(b) - i64::from((a % b != 0) && ((a < 0) != (b < 0)))),
        "arith.ceildivsi" => Ok(a.wrapping_div(b) + i64::from((a % b != 0) && ((a < 0) == (b < 0)))),
        "arith.divui" => Ok((ua / ub) as i64),
        "arith.remui" => Ok((ua % ub) as i64),
        "arith.ceildivui" => Ok(ua.div_ceil(ub) as i64),
        "arith.shli" => Ok(if (b as u64) < u64::from(bits) { a.wrapping_shl(b as u32) } else { 0 }),
        _ => return None,
    };
    Some(result.map(|v| wrap_bits(v, bits)))
}

/// `arith.cmpi` predicates, by MLIR's numbering.
pub(crate) fn compare_ints(op: OperationRef, predicate: i64, a: i64, b: i64, bits: u32) -> Result<bool> {
    let (ua, ub) = (unsigned(a, bits), unsigned(b, bits));
    Ok(match predicate {
        0 => a == b,
        1 => a != b,
        2 => a < b,
        3 => a <= b,
        4 => a > b,
        5 => a >= b,
        6 => ua < ub,
        7 => ua <= ub,
        8 => ua > ub,
        9 => ua >= ub,
        p => return Err(InterpError::at(op, format!("unknown arith.cmpi predicate {p}"))),
    })
}

/// `arith.cmpf` predicates, by MLIR's numbering.
fn compare_floats(op: OperationRef, predicate: i64, a: f64, b: f64) -> Result<bool> {
    let ordered = !a.is_nan() && !b.is_nan();
    Ok(match predicate {
        0 => false,
        1 => ordered && a == b,
        2 => ordered && a > b,
        3 => ordered && a >= b,
        4 => ordered && a < b,
        5 => ordered && a <= b,
        6 => ordered && a != b,
        7 => ordered,
        8 => !ordered || a == b,
        9 => !ordered || a > b,
        10 => !ordered || a >= b,
        11 => !ordered || a < b,
        12 => !ordered || a <= b,
        13 => !ordered || a != b,
        14 => !ordered,
        15 => true,
        p => return Err(InterpError::at(op, format!("unknown arith.cmpf predicate {p}"))),
    })
}

struct Payload {
    values: HashMap<ValueId, Scalar>,
    steps: u64,
}

impl Payload {
    fn get(&self, op: OperationRef, i: usize) -> Result<Scalar> {
        let value = op.operand(i).map_err(|_| InterpError::at(op, format!("missing operand #{i}")))?;
        self.values.get(&ValueId::of(value)).cloned().ok_or_else(|| InterpError::at(op, "use of an undefined value"))
    }

    fn int(&self, op: OperationRef, i: usize) -> Result<(i64, u32)> {
        match self.get(op, i)? {
            Scalar::Int { value, bits } => Ok((value, bits)),
            other => Err(InterpError::at(op, format!("operand #{i} is {other:?}, not an integer"))),
        }
    }

    fn float(&self, op: OperationRef, i: usize) -> Result<(f64, FloatKind)> {
        match self.get(op, i)? {
            Scalar::Float { value, kind } => Ok((value, kind)),
            other => Err(InterpError::at(op, format!("operand #{i} is {other:?}, not a float"))),
        }
    }

    /// Runs `block`; returns the operands of its terminator.
    fn run_block(&mut self, block: BlockRef) -> Result<Vec<Scalar>> {
        let mut next = block.first_operation();
        while let Some(op) = next {
            self.steps += 1;
            if self.steps > MAX_STEPS {
                return Err(InterpError::at(op, format!("the payload ran more than {MAX_STEPS} ops")));
            }
            let name = op.name().as_string_ref().as_str().unwrap_or("").to_string();
            if matches!(name.as_str(), "func.return" | "scf.yield") {
                return (0..op.operand_count()).map(|i| self.get(op, i)).collect();
            }
            let results = self.run_op(op, &name)?;
            if results.len() != op.result_count() {
                return Err(InterpError::at(
                    op,
                    format!("produced {} values for {} results", results.len(), op.result_count()),
                ));
            }
            for (i, value) in results.into_iter().enumerate() {
                self.values.insert(ValueId::of(op.result(i).expect("counted")), value);
            }
            next = op.next_in_block();
        }
        Err(InterpError::at(block.parent_operation().expect("a block in an op"), "a block ended without a terminator"))
    }

    fn result_type<'c>(op: OperationRef<'c, '_>) -> Result<Type<'c>> {
        Ok(op.result(0).map_err(|_| InterpError::at(op, "no result"))?.r#type())
    }

    fn run_op(&mut self, op: OperationRef, name: &str) -> Result<Vec<Scalar>> {
        if name == "arith.constant" {
            let ty = Self::result_type(op)?;
            if let Some(bits) = int_bits(ty) {
                let value = ir::integer(viewed(op, ConstantOp::new)?.value())
                    .ok_or_else(|| InterpError::at(op, "integer constant expected"))?;
                return Ok(vec![Scalar::Int { value: wrap_bits(value, bits), bits }]);
            }
            if let Some(kind) = FloatKind::of(ty) {
                let value = FloatAttribute::try_from(viewed(op, ConstantOp::new)?.value())
                    .map(|f| f.value())
                    .map_err(|_| InterpError::at(op, "float constant expected"))?;
                return Ok(vec![Scalar::Float { value: kind.round(value), kind }]);
            }
            return Err(InterpError::at(op, format!("constants of type {ty} are not supported")));
        }
        if op.operand_count() == 2 {
            if let (Ok((a, bits)), Ok((b, _))) = (self.int(op, 0), self.int(op, 1)) {
                if let Some(result) = int_op(op, name, a, b, bits) {
                    return Ok(vec![Scalar::Int { value: result?, bits }]);
                }
            }
        }
        match name {
            "arith.addf" | "arith.subf" | "arith.mulf" | "arith.divf" | "arith.maximumf" | "arith.minimumf"
            | "arith.maxnumf" | "arith.minnumf" => {
                let ((a, kind), (b, _)) = (self.float(op, 0)?, self.float(op, 1)?);
                let either_nan = a.is_nan() || b.is_nan();
                // Exact in f64 and rounded once: for + - * / that is the
                // correctly rounded f32/f16 result, as compiled code computes it.
                let exact = match name {
                    "arith.addf" => a + b,
                    "arith.subf" => a - b,
                    "arith.mulf" => a * b,
                    "arith.divf" => a / b,
                    "arith.maximumf" if either_nan => f64::NAN,
                    "arith.minimumf" if either_nan => f64::NAN,
                    "arith.maximumf" | "arith.maxnumf" => a.max(b),
                    _ => a.min(b),
                };
                Ok(vec![Scalar::Float { value: kind.round(exact), kind }])
            }
            "arith.negf" => {
                let (a, kind) = self.float(op, 0)?;
                Ok(vec![Scalar::Float { value: -a, kind }])
            }
            "arith.cmpi" => {
                let ((a, bits), (b, _)) = (self.int(op, 0)?, self.int(op, 1)?);
                let predicate = viewed(op, CmpIOp::new)?.predicate();
                Ok(vec![Scalar::Int { value: i64::from(compare_ints(op, predicate, a, b, bits)?), bits: 1 }])
            }
            "arith.cmpf" => {
                let ((a, _), (b, _)) = (self.float(op, 0)?, self.float(op, 1)?);
                let predicate = viewed(op, CmpFOp::new)?.predicate();
                Ok(vec![Scalar::Int { value: i64::from(compare_floats(op, predicate, a, b)?), bits: 1 }])
            }
            "arith.select" => {
                let (condition, _) = self.int(op, 0)?;
                self.get(op, if condition != 0 { 1 } else { 2 }).map(|v| vec![v])
            }
            "arith.index_cast" | "arith.extsi" | "arith.trunci" => {
                let (a, _) = self.int(op, 0)?;
                let bits =
                    int_bits(Self::result_type(op)?).ok_or_else(|| InterpError::at(op, "integer result expected"))?;
                Ok(vec![Scalar::Int { value: wrap_bits(a, bits), bits }])
            }
            "arith.index_castui" | "arith.extui" => {
                let (a, from) = self.int(op, 0)?;
                let bits =
                    int_bits(Self::result_type(op)?).ok_or_else(|| InterpError::at(op, "integer result expected"))?;
                Ok(vec![Scalar::Int { value: wrap_bits(unsigned(a, from) as i64, bits), bits }])
            }
            "arith.sitofp" | "arith.uitofp" => {
                let (a, from) = self.int(op, 0)?;
                let kind = FloatKind::of(Self::result_type(op)?)
                    .ok_or_else(|| InterpError::at(op, "float result expected"))?;
                let value = if name == "arith.uitofp" { unsigned(a, from) as f64 } else { a as f64 };
                Ok(vec![Scalar::Float { value: kind.round(value), kind }])
            }
            "arith.fptosi" => {
                let (a, _) = self.float(op, 0)?;
                let bits =
                    int_bits(Self::result_type(op)?).ok_or_else(|| InterpError::at(op, "integer result expected"))?;
                Ok(vec![Scalar::Int { value: wrap_bits(a as i64, bits), bits }])
            }
            "arith.extf" | "arith.truncf" => {
                let (a, _) = self.float(op, 0)?;
                let kind = FloatKind::of(Self::result_type(op)?)
                    .ok_or_else(|| InterpError::at(op, "float result expected"))?;
                Ok(vec![Scalar::Float { value: kind.round(a), kind }])
            }
            "llvm.getelementptr" => self.gep(op),
            "llvm.load" => {
                let Scalar::Ptr { tensor, offset } = self.get(op, 0)? else {
                    return Err(InterpError::at(op, "llvm.load of something that is not a tensor pointer"));
                };
                Ok(vec![load(op, &tensor, offset, Self::result_type(op)?)?])
            }
            "llvm.store" => {
                let value = self.get(op, 0)?;
                let Scalar::Ptr { tensor, offset } = self.get(op, 1)? else {
                    return Err(InterpError::at(op, "llvm.store to something that is not a tensor pointer"));
                };
                let ty = op.operand(0).map_err(|_| InterpError::at(op, "missing value"))?.r#type();
                store(op, &tensor, offset, ty, &value)?;
                Ok(vec![])
            }
            "scf.for" => self.run_for(op),
            "scf.if" => {
                let (condition, _) = self.int(op, 0)?;
                let region =
                    op.region(if condition != 0 { 0 } else { 1 }).map_err(|_| InterpError::at(op, "scf.if region"))?;
                match region.first_block() {
                    Some(block) => self.run_block(block),
                    None => Ok(vec![]),
                }
            }
            other => Err(InterpError::at(op, format!("the interpreter does not run '{other}' in a kernel payload"))),
        }
    }

    fn gep(&mut self, op: OperationRef) -> Result<Vec<Scalar>> {
        let Scalar::Ptr { tensor, offset } = self.get(op, 0)? else {
            return Err(InterpError::at(op, "llvm.getelementptr of something that is not a tensor pointer"));
        };
        let gep = viewed(op, GEPOp::new)?;
        let element = TypeAttribute::try_from(gep.elem_type()).map(|t| t.value());
        let size = element
            .ok()
            .and_then(Element::of)
            .ok_or_else(|| InterpError::at(op, format!("element type {}", gep.elem_type())))?
            .bytes();
        // Indices: constants in rawConstantIndices, i32::MIN marking the
        // dynamic ones, which are the remaining operands in order.
        let constants = DenseI32ArrayAttribute::try_from(gep.raw_constant_indices()).ok();
        let Some(constant) = constants.filter(|c| c.len() == 1).and_then(|c| c.element(0).ok()) else {
            return Err(InterpError::at(op, "only one-index getelementptr is interpreted"));
        };
        let index = if constant == i32::MIN { self.int(op, 1)?.0 } else { i64::from(constant) };
        let offset = index
            .checked_mul(size)
            .and_then(|b| b.checked_add(offset))
            .ok_or_else(|| InterpError::at(op, "pointer arithmetic overflows"))?;
        Ok(vec![Scalar::Ptr { tensor, offset }])
    }

    fn run_for(&mut self, op: OperationRef) -> Result<Vec<Scalar>> {
        let ((lower, bits), (upper, _), (step, _)) = (self.int(op, 0)?, self.int(op, 1)?, self.int(op, 2)?);
        if step <= 0 {
            return Err(InterpError::at(op, format!("scf.for with step {step}")));
        }
        let mut carried: Vec<Scalar> = (3..op.operand_count()).map(|i| self.get(op, i)).collect::<Result<_>>()?;
        let body = op
            .region(0)
            .ok()
            .and_then(|r| r.first_block())
            .ok_or_else(|| InterpError::at(op, "scf.for without a body"))?;
        let mut i = lower;
        while i < upper {
            self.values
                .insert(ValueId::of(body.argument(0).expect("induction variable")), Scalar::Int { value: i, bits });
            for (k, value) in carried.iter().enumerate() {
                self.values.insert(
                    ValueId::of(body.argument(k + 1).map_err(|_| InterpError::at(op, "iter_args"))?),
                    value.clone(),
                );
            }
            carried = self.run_block(body)?;
            i = match i.checked_add(step) {
                Some(next) => next,
                None => break,
            };
        }
        Ok(carried)
    }
}

/// The address of `bytes` bytes at `offset` in `tensor`'s host storage,
/// checked against the storage's extent.
fn address(op: OperationRef, tensor: &Tensor, offset: i64, bytes: i64) -> Result<*mut u8> {
    let storage = tensor.storage();
    if storage.device() != Device::Host {
        return Err(InterpError::at(op, "a host payload touches device memory"));
    }
    let fits = offset >= 0 && offset.checked_add(bytes).is_some_and(|end| end as u64 <= storage.nbytes() as u64);
    if !fits {
        return Err(InterpError::at(
            op,
            format!(
                "the payload accesses bytes {offset}..{} of a {}-byte tensor storage",
                offset.saturating_add(bytes),
                storage.nbytes()
            ),
        ));
    }
    Ok(storage.data_ptr().wrapping_add(offset as usize))
}

fn load(op: OperationRef, tensor: &Tensor, offset: i64, ty: Type) -> Result<Scalar> {
    let element = Element::of(ty).ok_or_else(|| InterpError::at(op, format!("llvm.load of {ty}")))?;
    let at = address(op, tensor, offset, element.bytes())?;
    // SAFETY: `address` checked the range against the live storage.
    unsafe {
        Ok(match element {
            Element::Float(kind) => {
                let value = match kind {
                    FloatKind::F16 => half::f16::from_bits(at.cast::<u16>().read_unaligned()).to_f64(),
                    FloatKind::BF16 => half::bf16::from_bits(at.cast::<u16>().read_unaligned()).to_f64(),
                    FloatKind::F32 => f64::from(at.cast::<f32>().read_unaligned()),
                    FloatKind::F64 => at.cast::<f64>().read_unaligned(),
                };
                Scalar::Float { value, kind }
            }
            Element::Int(bits @ (1 | 8)) => Scalar::Int { value: i64::from(at.cast::<i8>().read()), bits },
            Element::Int(16) => Scalar::Int { value: i64::from(at.cast::<i16>().read_unaligned()), bits: 16 },
            Element::Int(32) => Scalar::Int { value: i64::from(at.cast::<i32>().read_unaligned()), bits: 32 },
            Element::Int(_) | Element::Ptr => Scalar::Int { value: at.cast::<i64>().read_unaligned(), bits: 64 },
        })
    }
}

fn store(op: OperationRef, tensor: &Tensor, offset: i64, ty: Type, value: &Scalar) -> Result<()> {
    let element = Element::of(ty).ok_or_else(|| InterpError::at(op, format!("llvm.store of {ty}")))?;
    let at = address(op, tensor, offset, element.bytes())?;
    // SAFETY: `address` checked the range against the live storage.
    unsafe {
        match (element, value) {
            (Element::Float(kind), Scalar::Float { value, .. }) => match kind {
                FloatKind::F16 => at.cast::<u16>().write_unaligned(half::f16::from_f64(*value).to_bits()),
                FloatKind::BF16 => at.cast::<u16>().write_unaligned(half::bf16::from_f64(*value).to_bits()),
                FloatKind::F32 => at.cast::<f32>().write_unaligned(*value as f32),
                FloatKind::F64 => at.cast::<f64>().write_unaligned(*value),
            },
            (Element::Int(1 | 8), Scalar::Int { value, .. }) => at.cast::<i8>().write(*value as i8),
            (Element::Int(16), Scalar::Int { value, .. }) => at.cast::<i16>().write_unaligned(*value as i16),
            (Element::Int(32), Scalar::Int { value, .. }) => at.cast::<i32>().write_unaligned(*value as i32),
            (Element::Int(_), Scalar::Int { value, .. }) => at.cast::<i64>().write_unaligned(*value),
            _ => return Err(InterpError::at(op, format!("llvm.store of {value:?} as {ty}"))),
        }
    }
    Ok(())
}

/// `wrap.launch` on host tensors: the kernel's host payload over the grid.
pub(crate) fn launch(op: OperationRef, operands: &[Value]) -> Result<()> {
    let kernel_name = LaunchOp::new(op).map_err(|e| InterpError::at(op, e.to_string()))?.kernel();
    let kernel =
        ir::lookup_symbol(op, &kernel_name).ok_or_else(|| InterpError::at(op, format!("no kernel '{kernel_name}'")))?;
    let kernel = KernelOp::new(kernel).map_err(|e| InterpError::at(kernel, e.to_string()))?;
    if kernel.library().is_some() {
        return Err(InterpError::at(
            op,
            format!("kernel '{kernel_name}' is native code in a library; the interpreter runs only host payloads"),
        ));
    }
    let host = kernel.host().ok_or_else(|| {
        InterpError::at(op, format!("kernel '{kernel_name}' has no host payload; the host backend cannot launch it"))
    })?;
    let payload =
        ir::lookup_symbol(op, &host).ok_or_else(|| InterpError::at(op, format!("no host payload '{host}'")))?;
    let body = payload
        .region(0)
        .ok()
        .and_then(|r| r.first_block())
        .ok_or_else(|| InterpError::at(op, format!("host payload '{host}' has no body")))?;
    let (grid_rank, numel_rank) = (ir::dense_segment(op, 0), ir::dense_segment(op, 1));
    let (extents, args) = operands.split_at((grid_rank + numel_rank).min(operands.len()));
    let int = |v: &Value| match v {
        Value::Int(i) => Ok(*i),
        other => Err(InterpError::at(op, format!("a grid extent is a {}", other.kind()))),
    };
    // As the compiled launch: numel extents divide by the first config's block.
    let block =
        kernel.configs().first().and_then(|c| KernelConfig::from_attribute(*c)).map(|c| c.block).unwrap_or_default();
    let mut grid = [1i64; 3];
    for (d, extent) in extents.iter().enumerate().take(3) {
        let n = int(extent)?;
        if n < 0 {
            return Err(InterpError::at(op, format!("negative grid extent {n}")));
        }
        let divisor = block.get(d).copied().unwrap_or(1).max(1);
        grid[d] = if numel_rank > 0 { (n as u64).div_ceil(divisor as u64) as i64 } else { n };
    }
    let programs = grid.iter().try_fold(1i64, |acc, &g| acc.checked_mul(g)).filter(|&p| p <= MAX_PROGRAMS);
    let Some(programs) = programs else {
        return Err(InterpError::at(op, format!("grid {grid:?} exceeds the interpreter's {MAX_PROGRAMS} programs")));
    };
    if body.argument_count() != args.len() + 3 {
        return Err(InterpError::at(
            op,
            format!(
                "host payload '{host}' takes {} arguments, the launch passes {} and 3 program ids",
                body.argument_count(),
                args.len()
            ),
        ));
    }
    let (kernel_args, _) = kernel.function_type();
    let mut state = Payload { values: HashMap::new(), steps: 0 };
    for (k, value) in args.iter().enumerate() {
        let scalar = match value {
            Value::Tensor(t) => {
                if t.device() != Device::Host {
                    return Err(InterpError::at(op, "the interpreter launches host payloads on host tensors only"));
                }
                let element = kernel_args
                    .get(k)
                    .and_then(|ty| TensorTypeInfo::from_type(*ty))
                    .map_or(t.dtype().element_size() as i64, |i| i.element_bytes);
                Scalar::Ptr { tensor: t.clone(), offset: t.storage_offset() * element }
            }
            Value::Int(v) => {
                let bits = body.argument(k).ok().and_then(|a| int_bits(a.r#type())).unwrap_or(64);
                Scalar::Int { value: *v, bits }
            }
            other => return Err(InterpError::at(op, format!("kernel argument #{k} is a {}", other.kind()))),
        };
        state.values.insert(ValueId::of(body.argument(k).expect("counted")), scalar);
    }
    for p in 0..programs {
        let ids = [p % grid[0], (p / grid[0]) % grid[1], p / (grid[0] * grid[1])];
        for (d, id) in ids.iter().enumerate() {
            state.values.insert(
                ValueId::of(body.argument(args.len() + d).expect("counted")),
                Scalar::Int { value: *id, bits: 64 },
            );
        }
        state.run_block(body)?;
    }
    Ok(())
}

/// Symbolic-int arithmetic in level-2/3 code (sizes computed from sizes):
/// `None` if `name` is not an arith op this handles.
pub(crate) fn symint_op(op: OperationRef, name: &str, operands: &[Value]) -> Option<Result<Vec<Value>>> {
    // result_count first: melior formats the whole op for an out-of-range index.
    let bits =
        if op.result_count() > 0 { op.result(0).ok().and_then(|r| int_bits(r.r#type())) } else { None }.unwrap_or(64);
    let int = |i: usize| match operands.get(i) {
        Some(Value::Int(v)) => Ok(*v),
        Some(Value::Bool(b)) => Ok(i64::from(*b)),
        _ => Err(InterpError::at(op, format!("operand #{i} of '{name}' is not an integer"))),
    };
    let as_value = |v: i64| if bits == 1 { Value::Bool(v != 0) } else { Value::Int(v) };
    match name {
        "arith.cmpi" => Some((|| {
            let predicate = viewed(op, CmpIOp::new)?.predicate();
            let operand_bits = op.operand(0).ok().and_then(|v| int_bits(v.r#type())).unwrap_or(64);
            Ok(vec![Value::Bool(compare_ints(op, predicate, int(0)?, int(1)?, operand_bits)?)])
        })()),
        "arith.select" => Some((|| Ok(vec![operands[if int(0)? != 0 { 1 } else { 2 }].clone()]))()),
        "arith.index_cast" | "arith.extsi" | "arith.trunci" => Some(int(0).map(|v| vec![as_value(wrap_bits(v, bits))])),
        "arith.index_castui" | "arith.extui" => Some((|| {
            let from = op.operand(0).ok().and_then(|v| int_bits(v.r#type())).unwrap_or(64);
            Ok(vec![as_value(wrap_bits(unsigned(int(0)?, from) as i64, bits))])
        })()),
        _ if operands.len() == 2 => {
            let (a, b) = match (int(0), int(1)) {
                (Ok(a), Ok(b)) => (a, b),
                (Err(e), _) | (_, Err(e)) => return Some(Err(e)),
            };
            int_op(op, name, a, b, bits).map(|r| r.map(|v| vec![as_value(v)]))
        }
        _ => None,
    }
}

/// `op`'s view made by `new`, its error located at `op`.
fn viewed<'c, 'a, V>(
    op: OperationRef<'c, 'a>,
    new: impl FnOnce(OperationRef<'c, 'a>) -> std::result::Result<V, ViewError>,
) -> Result<V> {
    new(op).map_err(|e| InterpError::at(op, e.to_string()))
}
