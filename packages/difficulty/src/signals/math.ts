import { eitherOf, SHORT_TEXT_CHARS } from '../pattern-sets.ts';
import type { RequestText } from '../read-request.ts';
import type { Signal } from '../types.ts';
import { WEIGHTS } from '../weights.ts';

const LATEX =
  /\\(?:frac|int|sum|sqrt|prod|lim|infty|mathbb|cdot|leq|geq|neq|partial|alpha|beta|theta|lambda|sigma|mu)\b/;
const MATH_SYMBOLS = /[∫∑∏√∞≤≥≠∂∀∃∈⊂]/;
// Exponents (x^2, 2^n), coefficients next to a variable (3x + 7), function notation; a method
// call such as console.log( is code, not maths.
const EQUATION =
  /\b\d*[a-z]\s*\^\s*\w|\b\d+\s*\^\s*[a-z\d]|\b\d+[xyzn]\s*[+\-=]|\bf\([a-z]\)|(?<![.\w])(?:sin|cos|tan|log|ln|exp)\s*\(/i;
const MATH_TERMS =
  /\b(?:derivative|integral|integrate|eigen\w*|matri(?:x|ces)|theorem|lemma|polynomial|logarithm|equations?|inequalit(?:y|ies)|probabilit(?:y|ies)|expected (?:value|number)|variance|standard deviation|median|perfect square|solve for|converge\w*|differentiable|markov|poisson|bayes\w*|p-value|(?:linear|logistic) regression|least squares|how many ways|modulo|compounded|significan(?:t|ce) at|primes|prime numbers?|is \d+ prime|integers?|irrational|factorial)\b/i;

// Most prompts hold no maths: on a short text, one run of every pattern at once (case-blind, so it
// matches at least where any of them does) settles that before the kinds are told apart in order.
const ANY_MATH = eitherOf([LATEX, MATH_SYMBOLS, EQUATION, MATH_TERMS], 'i');

/** Maths anywhere in the context; arithmetic and unit conversions alone do not count. */
export function detectMath(text: RequestText): Signal[] {
  if (text.all.length <= SHORT_TEXT_CHARS && !ANY_MATH.test(text.all)) return [];
  const kind = LATEX.test(text.all)
    ? 'LaTeX'
    : MATH_SYMBOLS.test(text.all) || EQUATION.test(text.all)
      ? 'equation'
      : MATH_TERMS.test(text.all)
        ? 'maths terms'
        : null;
  return kind
    ? [{ reason: `contains math (${kind})`, weight: WEIGHTS.math, atLeastMedium: true }]
    : [];
}
