/** Layout noise and filler that balanced compression shrinks, around one fact (order 48213). */
export const WORDY = [
  'Hello there!   I was just wondering if you could possibly help me out with something.',
  '',
  '',
  'Basically, I would really like to know,   in a few words,   what order 48213 is about.',
  'Please note that it is actually quite important and I would really, really appreciate it.',
].join('\n');
