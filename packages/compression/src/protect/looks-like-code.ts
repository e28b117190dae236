// Heuristics for one line of code pasted without fences. Each pattern is a shape prose does not
// take: statement endings, operators, declarations, SQL clauses, YAML keys, compiler output.
// A prose line can end with a semicolon too, so that ending counts only with code characters.
import { mayEndStatement, mayHoldOperator } from './code-shape-hints.ts';

export const STATEMENT_END = /\{\s*$|[(=][^;]*;\s*$|^\s+.*;\s*$|^\s*[)}\]]+[;,)]*\s*$/;
export const OPERATOR = /\s(=>|===?|!==?|:=|->|&&|\|\||\+=|-=|<=|>=)\s|::|\w\[\w*\]|\w\.\w+\(/;
const DECLARATION =
  /^\s*(def|fn|func)\s+\w+\s*\(|^\s*class\s+\w+\s*[:({]|^\s*(import\s+[\w{*@"'.]|from\s+[\w.]+\s+import\s)|^\s*(const|let|var)\s+\w+\s*[=:]|^\s*(public|private|protected|static)\s+\w|^\s*(return|await|yield)\s+\S*[(.[;]|^\s*@\w+(\(|$)|^#!\//;
const CONTROL =
  /^\s*(if|for|while|switch|catch|elif|with)\s*\(|^\s*(if|elif|while)\s.+:\s*$|^\s*for\s+[\w, ]+\s+in\s+.+:\s*$|^\s*(else|try|finally):\s*$|^\s*except\b.*:\s*$|^\s*with\s.+\sas\s+\w+:\s*$/;
const SQL_CLAUSE =
  /^\s*(SELECT|FROM|WHERE|JOIN|LEFT JOIN|RIGHT JOIN|INNER JOIN|GROUP BY|ORDER BY|HAVING|LIMIT|INSERT INTO|UPDATE|DELETE FROM|CREATE (TABLE|INDEX)|ALTER TABLE|UNION|AND|OR|ON)\b/;
const DOCKER = /^\s*(FROM|RUN|COPY|ADD|CMD|ENTRYPOINT|EXPOSE|WORKDIR|ENV|ARG)\s+\S/;
const YAML_KEY = /^\s*(- )?[a-z][\w.-]*:(\s+[^\s].{0,60})?$/;
const COMPILER_OUTPUT =
  /^\s*File ".+", line \d+|^\s*-->\s|^\s*\d+\s+\|(\s|$)|^\s+\|(\s|$)|^error(\[\w+\])?:|^\s*at\s+[\w.<>$]+\s*\(|^[\w.]+(Error|Exception):\s/;
const CALL_ONLY = /^\s*[\w.$]+\([^)]*\)\s*;?\s*$/;

/** Characters, openings and endings that any of the patterns below needs; prose mostly has none. */
const CODE_CHARS = /[{}()[\];=<>|\\@#$:`]/;
const CODE_OPENING =
  /^(\s|[A-Z]{2,}\b|(def|fn|func|class|import|from|const|let|var|public|private|protected|static|return|await|yield|if|for|while|elif|else|try|except|finally|with|switch|catch)\b|File |error|at )/;

export function looksLikeCode(line: string): boolean {
  if (line.trim() === '') return false;
  if (!CODE_CHARS.test(line) && !CODE_OPENING.test(line)) return false;
  return (
    (mayEndStatement(line) && STATEMENT_END.test(line)) ||
    (mayHoldOperator(line) && OPERATOR.test(line)) ||
    DECLARATION.test(line) ||
    CONTROL.test(line) ||
    SQL_CLAUSE.test(line) ||
    DOCKER.test(line) ||
    YAML_KEY.test(line) ||
    COMPILER_OUTPUT.test(line) ||
    CALL_ONLY.test(line)
  );
}
