//! Checks on IR text made before MLIR's parser sees it, for inputs on which
//! the parser itself would crash: it recurses once per nesting level (a
//! stack overflow for thousands of levels), and MLIR 22's dense-array parser
//! dereferences a null float type for `array<index: ...>`.

use std::fmt;

/// The deepest bracket nesting accepted (real programs nest a few dozen
/// levels; the parser's frames for 1,000 fit in a default 8 MiB stack).
pub const MAX_NESTING: usize = 1000;

/// The largest result number a value use (`%r#N`) may name: MLIR's parser
/// makes N placeholder values for a forward reference and aborts out of
/// memory for `%r#2147483647`.
pub const MAX_RESULT_NUMBER: u64 = 1 << 20;

/// A problem found in the text, at a 1-based line and column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceError {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl fmt::Display for SourceError {
    /// `line:column: error: message`, to follow a file name.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: error: {}", self.line, self.column, self.message)
    }
}

impl std::error::Error for SourceError {}

/// Rejects text on which MLIR's parser would crash: brackets (`( [ { <`,
/// outside strings and comments) nested more than [`MAX_NESTING`] deep,
/// dense arrays of `index` elements, and result numbers past
/// [`MAX_RESULT_NUMBER`].
pub fn check_source(source: &str) -> Result<(), SourceError> {
    let (mut depth, mut line, mut column) = (0usize, 1usize, 0usize);
    let mut chars = source.char_indices().peekable();
    let mut previous = '\0';
    let error = |line, column, message: String| Err(SourceError { line, column, message });
    while let Some((at, c)) = chars.next() {
        column += 1;
        match c {
            '\n' => (line, column) = (line + 1, 0),
            '"' => {
                // A string literal: skip to its closing quote.
                while let Some((_, s)) = chars.next() {
                    column += 1;
                    match s {
                        '\\' => {
                            chars.next();
                            column += 1;
                        }
                        '"' => break,
                        '\n' => (line, column) = (line + 1, 0),
                        _ => {}
                    }
                }
            }
            '/' if chars.peek().map(|&(_, n)| n) == Some('/') => {
                for (_, s) in chars.by_ref() {
                    if s == '\n' {
                        (line, column) = (line + 1, 0);
                        break;
                    }
                }
            }
            '(' | '[' | '{' | '<' if !(c == '<' && chars.peek().map(|&(_, n)| n) == Some('=')) => {
                depth += 1;
                if depth > MAX_NESTING {
                    return error(line, column, format!("brackets nest more than {MAX_NESTING} levels deep"));
                }
                if c == '<' && source[..at].ends_with("array") && is_index_array(&source[at + 1..]) {
                    return error(
                        line,
                        column,
                        "dense arrays hold integers or floats, not index (MLIR's parser cannot read array<index: ...>)"
                            .into(),
                    );
                }
            }
            '%' => {
                let name_end = source[at + 1..]
                    .find(|c: char| !(c.is_ascii_alphanumeric() || "_$.-".contains(c)))
                    .map_or(source.len(), |n| at + 1 + n);
                if let Some(rest) = source[name_end..].strip_prefix('#') {
                    let digits = rest.find(|c: char| !c.is_ascii_digit()).map_or(rest, |n| &rest[..n]);
                    if !digits.is_empty() && digits.parse::<u64>().map_or(true, |n| n > MAX_RESULT_NUMBER) {
                        return error(
                            line,
                            column,
                            format!("result number #{digits} is larger than {MAX_RESULT_NUMBER}: no op has that many results"),
                        );
                    }
                }
            }
            // `->` and `>=` close nothing.
            ')' | ']' | '}' | '>' if !(c == '>' && (previous == '-' || chars.peek().map(|&(_, n)| n) == Some('='))) => {
                depth = depth.saturating_sub(1);
            }
            _ => {}
        }
        previous = c;
    }
    Ok(())
}

/// Whether the text after `array<` names the `index` element type.
fn is_index_array(rest: &str) -> bool {
    let rest = rest.trim_start();
    rest.strip_prefix("index").is_some_and(|after| !after.starts_with(|c: char| c.is_alphanumeric() || c == '_'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nesting_is_bounded_and_located() {
        let deep = format!("func.func @f() {{\n{}{}}}", "{".repeat(MAX_NESTING), "}".repeat(MAX_NESTING));
        let e = check_source(&deep).unwrap_err();
        assert_eq!((e.line, e.column), (2, MAX_NESTING));
        assert!(e.message.contains("brackets nest more than 1000"));
        // Arrows, comparisons, strings and comments close or open nothing.
        let text = format!("// {}\n\"{}\" %a -> %b >= %c <= %d", "(".repeat(2000), "[".repeat(2000));
        assert_eq!(check_source(&text), Ok(()));
    }

    #[test]
    fn absurd_result_numbers_are_refused() {
        let e = check_source("  wrap.apply_mutation %b, %r#2147483647 {x}").unwrap_err();
        assert_eq!((e.line, e.column), (1, 27));
        assert!(check_source("%r#3 %0#1048576 %a.b-c$#7").is_ok());
        assert!(check_source("%r#99999999999999999999999").is_err());
    }

    #[test]
    fn index_dense_arrays_are_refused() {
        let e = check_source("x {frozen = array<index: 0, 0>}").unwrap_err();
        assert_eq!((e.line, e.column), (1, 18));
        assert!(check_source("x {frozen = array<i64: 0, 0>, y = array< i32>}").is_ok());
        assert!(check_source("x {a = array<index_like: 0>}").is_ok());
    }
}
