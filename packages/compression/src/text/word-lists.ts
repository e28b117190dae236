// Closed word classes that decide what the meaning-changing stages must keep.

function words(list: string): ReadonlySet<string> {
  return new Set(list.split(' '));
}

/** Words that flip or limit meaning. Never pruned or rewritten in any message. */
export const NEGATIONS = words(
  'not no never none nor nothing nobody nowhere neither without cannot hardly barely',
);

/** A negated contraction typed in a hurry, without its apostrophe ("dont", "cant"): a regex source. */
export const HURRIED_NEGATION =
  '(?:do|does|did|is|are|was|were|ca|wo|should|would|could|have|has|had|must)nt';
/** A contraction such as "don't" or "isn’t" carries a negation, with or without its apostrophe. */
export const NEGATED_CONTRACTION = new RegExp(`(?:n['’]t|^${HURRIED_NEGATION})$`, 'i');

/** Logical and obligation words: dropping one turns a rule into a different rule. */
export const LOGIC_WORDS = words(
  'must should shall only always exactly required unless except if until than or either whether',
);

/** Modal verbs of ability and future: context usually restores them ("you can create keys"). */
export const SOFT_MODALS = words('can could would will may might');

export const QUESTION_WORDS = words('what why how when where which who whom whose whether');

/** Words that bound an answer ("under 250 words", "at most three", "before Friday"). */
export const CONSTRAINT_WORDS = words(
  'must should shall only always never exactly required require avoid ensure limit maximum ' +
    'minimum max min least most under over within less fewer more than before after unless ' +
    'except each every all per between first last',
);

/** Verbs that open an instruction when they start a sentence. */
export const IMPERATIVE_VERBS = words(
  'add analyse analyze answer ask avoid be calculate check cite classify compare compute ' +
    'convert count create decide define describe design do draft draw edit ensure estimate ' +
    'evaluate explain extract fill find fix focus format generate give group help highlight ' +
    'identify ignore implement improve include keep label let limit list make mention name ' +
    'note offer optimise optimize order outline output plan point predict prepare prioritise ' +
    'prioritize produce propose provide rank read recommend refactor remove reply respond ' +
    'return review rewrite say score select send show simplify sort spot state stay suggest ' +
    'summarise summarize tell translate treat turn update use verify walk write proofread ' +
    'paraphrase rephrase reword shorten condense expand brainstorm critique debug polish grade ' +
    'assess categorise categorize tag annotate call stop prefer refuse escalate apologise apologize ' +
    'acknowledge confirm clarify consider redirect decline try flag',
);

/**
 * Verbs that open an instruction whose verb and object the aggressive level keeps (task-words.ts),
 * beyond the imperatives above, which also protect a whole rule or request. Protecting every
 * sentence these open cost 0.62 points of aggressive's saving on the corpus (decision 067);
 * keeping the verb, its object and what it asks costs a fraction of that.
 */
export const TASK_VERBS: ReadonlySet<string> = new Set([
  ...IMPERATIVE_VERBS,
  ...words(
    'put place wrap enclose insert open run install copy paste move delete replace rename ' +
      'leave take share pick choose apply build compile deploy enable disable follow merge ' +
      'restart save specify organise organize',
  ),
]);

/** Lead-ins that can precede an imperative verb: "Please explain", "Now, list". */
export const IMPERATIVE_LEAD_INS = words('please now also then and so kindly just');

/** Number words carry quantities just as digits do. */
export const NUMBER_WORDS = words(
  'zero one two three four five six seven eight nine ten eleven twelve twenty thirty fifty ' +
    'hundred thousand million billion once twice half double triple first second third fourth ' +
    'fifth',
);

/**
 * Literal values of code and configuration, which a setting's value is as a number is: `set
 * "strict": true` without its "true" names the setting and not what it is set to.
 */
export const LITERAL_WORDS = words('true false null nil undefined nan');

/**
 * Days and months, which date a fact as digits do: "due monday". Written in lower case, in a
 * hurried message, they are not masked as names. "March" and "May" are verbs as often.
 */
export const DATE_WORDS = words(
  'monday tuesday wednesday thursday friday saturday sunday january february april june july ' +
    'august september october november december',
);

/**
 * Words a reader restores from context without effort: articles, forms of "be", the
 * complementiser "that" and softeners. The balanced level prunes only these.
 */
export const RECOVERABLE_WORDS = words(
  'the a an is are was were that also quite rather somewhat fairly',
);

/**
 * Function words: grammar a reader rebuilds from the content words around them. The balanced
 * level prunes only these, least informative first. Prepositions of direction and agency ("from",
 * "by", "into"), auxiliaries ("has", "do", "be") and relative pronouns are left out. The pruning
 * stage also keeps a preposition that introduces a protected span ("from Canada to Germany") or
 * opens a sentence ("To deploy, ...").
 */
export const FUNCTION_WORDS = words(
  'the a an this these those of in on for about as with at to is are was were it its they them ' +
    'their we our us you your i my me he she his her him that also quite rather somewhat fairly',
);

/**
 * The user's own subject with its auxiliary in one word: in a user message "I'm launching a
 * candle" says what "launching a candle" says, and "I've written it" what "written it" says
 * (decision 163). Aggressive drops them where they open a clause, as it drops "I".
 */
export const USER_SUBJECT_CONTRACTIONS = words("i'm i’m i've i’ve");

/** Pronouns that open a clause: the word after them ("I will", "it is") belongs to them. */
export const SUBJECT_PRONOUNS = words('i we you he she they it there');

/** Pronouns a verb or preposition acts on: "tell me", "leave them to rest". */
export const OBJECT_PRONOUNS = words('me us him her them you it');

/**
 * Prepositions outside RELATION_WORDS: the pruner offers them as any word, but they head a phrase
 * all the same ("the reasoning behind your suggestions", decision 068).
 */
export const OTHER_PREPOSITIONS = words(
  'through during without toward towards across behind beside against among along via',
);

/**
 * Prepositions and comparisons: kept when a protected span follows ("from Canada to Germany",
 * "under 250 words", "between 18% and 20%").
 */
export const RELATION_WORDS = words(
  'of in on for about as to with at by from into onto upon over under than between up within ' +
    'around per below above after before until and or',
);

/** Forms of "be" that tie a subject to its verb or predicate ("who is returning"). */
export const COPULAS = words('is are was were');

/**
 * What the balanced level may prune: the function words but the prepositions and the copulas. A
 * preposition ties the noun after it to the word before ("respond with care", "meet in the
 * morning"); without it the two read as one broken phrase ("respond care"). A copula ties the
 * subject to what follows ("who is returning", not "who returning"). The readability check of the
 * eval counts both (docs/decisions/035, 042).
 */
export const READABLE_PRUNABLE_WORDS: ReadonlySet<string> = new Set(
  [...FUNCTION_WORDS].filter((word) => !RELATION_WORDS.has(word) && !COPULAS.has(word)),
);

/** What balanced may prune from a rule of the system prompt: the recoverable words but "be". */
export const READABLE_RECOVERABLE_WORDS: ReadonlySet<string> = new Set(
  [...RECOVERABLE_WORDS].filter((word) => !COPULAS.has(word)),
);

/**
 * Greetings, thanks and softeners that open a sentence: ordinary words, never names, however rare
 * the word list says they are ("Hi there!", "Kindly list...", "Thank you so much!").
 */
export const COURTESY_WORDS = words(
  'hi hello hey hiya bonjour hola dear greetings please kindly thanks thank cheers basically honestly okay ok ' +
    'sorry apologies frankly oh',
);
