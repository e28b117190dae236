// Cheap tests of what two of looks-like-code.ts's patterns need before they can match. A prose
// line with a colon or brackets (most prompts) passes the code-character test, and the two
// unanchored patterns then ran along the whole line; these read it with indexOf instead.

const CLOSES_FIRST = /^\s*[)}\]]/;

/** STATEMENT_END needs a "{", a ";", or a line opening with a closing bracket. */
export function mayEndStatement(line: string): boolean {
  return line.includes('{') || line.includes(';') || CLOSES_FIRST.test(line);
}

function isWordCode(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}

/** `\w\.\w+\(`: a method call ("path.join(", "obj.get("). */
function hasMethodCall(line: string): boolean {
  for (let p = line.indexOf('('); p !== -1; p = line.indexOf('(', p + 1)) {
    let i = p - 1;
    while (i >= 0 && isWordCode(line.charCodeAt(i))) i -= 1;
    if (i < p - 1 && line.charCodeAt(i) === 46 && i > 0 && isWordCode(line.charCodeAt(i - 1)))
      return true;
  }
  return false;
}

const OPERATOR_CHARS = /[=>&|[]/;

/**
 * OPERATOR needs one of its operators (each holds "=", ">", "&" or "|"), "::", an index ("[")
 * or a method call.
 */
export function mayHoldOperator(line: string): boolean {
  return OPERATOR_CHARS.test(line) || line.includes('::') || hasMethodCall(line);
}
