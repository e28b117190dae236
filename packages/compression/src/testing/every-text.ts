/**
 * Every text of up to `maxLength` characters drawn from `alphabet`, shortest first: exhaustive
 * input for the tests that hold a pre-check to the pattern it guards, whose conditions are local
 * (a character and its neighbours), so short texts reach every case.
 */
export function* everyText(alphabet: readonly string[], maxLength: number): Generator<string> {
  let texts = [''];
  yield '';
  for (let length = 1; length <= maxLength; length += 1) {
    const longer: string[] = [];
    for (const text of texts) for (const c of alphabet) longer.push(text + c);
    yield* longer;
    texts = longer;
  }
}
