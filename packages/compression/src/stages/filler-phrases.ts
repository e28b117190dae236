// Wordy phrases and their plain equivalents, after the lists in plain-language style guides
// (wordy phrase → concise word), plus pleasantries that carry no request. Phrases are matched
// case-insensitively on whole words; `'` matches either apostrophe. Rewrites are plain phrases;
// dropped phrases and pleasantries may use regex groups and `?`.

/** Phrases rewritten to a shorter phrase with the same meaning. */
export const CONCISE_REWRITES: [string, string][] = [
  ['in order to', 'to'],
  ['so as to', 'to'],
  ['in an effort to', 'to'],
  ['due to the fact that', 'because'],
  ['owing to the fact that', 'because'],
  ['in light of the fact that', 'because'],
  ['on account of the fact that', 'because'],
  ['for the reason that', 'because'],
  ['the reason for this is that', 'this is because'],
  ['despite the fact that', 'although'],
  ['in spite of the fact that', 'although'],
  ['regardless of the fact that', 'although'],
  ['at this point in time', 'now'],
  ['at this moment in time', 'now'],
  ['at the present time', 'now'],
  ['in the event that', 'if'],
  ['in the near future', 'soon'],
  ['a large number of', 'many'],
  ['a great number of', 'many'],
  ['a significant number of', 'many'],
  ['a small number of', 'a few'],
  ['the majority of', 'most'],
  ['a majority of', 'most'],
  ['is able to', 'can'],
  ['are able to', 'can'],
  ['was able to', 'could'],
  ['were able to', 'could'],
  ['has the ability to', 'can'],
  ['have the ability to', 'can'],
  ['with regard to', 'about'],
  ['with regards to', 'about'],
  ['in regard to', 'about'],
  ['with respect to', 'about'],
  ['in relation to', 'about'],
  ['for the purpose of', 'for'],
  ['prior to', 'before'],
  ['subsequent to', 'after'],
  ['in close proximity to', 'near'],
  ['on a daily basis', 'daily'],
  ['on a weekly basis', 'weekly'],
  ['on a monthly basis', 'monthly'],
  ['on a regular basis', 'regularly'],
  ['in a timely manner', 'promptly'],
  ['each and every', 'every'],
  ['first and foremost', 'first'],
  ['until such time as', 'until'],
  ['at all times', 'always'],
  ['take into account', 'consider'],
  ['take into consideration', 'consider'],
  ['give consideration to', 'consider'],
  ['make a decision', 'decide'],
  ['reach a decision', 'decide'],
  ['come to a conclusion', 'conclude'],
  ['provide assistance to', 'help'],
  ['provide assistance', 'help'],
  ['is in need of', 'needs'],
  ['are in need of', 'need'],
  ['with the exception of', 'except'],
  ['in the absence of', 'without'],
  ['in most cases', 'usually'],
  ['in many cases', 'often'],
  ['in some cases', 'sometimes'],
  ['as well as', 'and'],
  ['such as', 'like'],
  ['whether or not', 'whether'],
  ['can you please', 'can you'],
  ['could you please', 'could you'],
  ['would you please', 'would you'],
  ['i was wondering if you could', 'could you'],
  ['i was wondering whether you could', 'could you'],
  // More wrappings of "could you" (decision 053).
  ['i was hoping you could', 'could you'],
  ['i was hoping that you could', 'could you'],
  ['i was hoping you might be able to', 'could you'],
  ['i was hoping that you might be able to', 'could you'],
  ['do you think you could', 'could you'],
  ['would it be possible for you to', 'could you'],
  ['is there any way you could', 'could you'],
  ['i would appreciate it if you could', 'could you'],
  ["i'd appreciate it if you could", 'could you'],
  ['in spite of', 'despite'],
  ['a number of', 'several'],
  ['the vast majority of', 'most'],
  // More from the same guides (decision 067).
  ['in the meantime', 'meanwhile'],
  ['first of all', 'first'],
  ['last but not least', 'finally'],
  ['in addition to', 'besides'],
  ['during the course of', 'during'],
  ['in the course of', 'during'],
  ['by means of', 'by'],
  ['at your earliest convenience', 'soon'],
  ['is going to be', 'will be'],
  ['are going to be', 'will be'],
  ['am going to be', 'will be'],
  ['a little bit', 'a bit'],
  ['would you be able to', 'could you'],
  ['are you able to', 'can you'],
  // The question announced before it is asked (decision 249).
  ['i wanted to ask if you could', 'could you'],
  ['i wanted to ask whether you could', 'could you'],
  ['i just wanted to ask if you could', 'could you'],
  ['i just wanted to ask whether you could', 'could you'],
];

/** "sorry they're a mess", "apologies, it is a bit long" (decision 221). */
const SORRY_FOR_THE_TEXT =
  "(?:sorry|apologies),? (?:(?:they|it)(?:'re|'s| are| is)|this is) (?:a bit |so |such |kind of |quite )?(?:a )?(?:mess|messy|long|rough|scrappy|all over the place)";
/**
 * What the apology must be about: pasted text. "My garden, sorry it's a mess." says how the
 * garden is, a fact (review of decision 221).
 */
const PASTED_TEXT =
  '\\b(?:notes?|scribbles|jottings|drafts?|text|code|logs?|essay|document|docs?|letter|e-?mail|messages?|transcript|minutes|outline|cv|resume|report|paper|article|contract|thread|script|files?|pasted|paste|copied|writing|spreadsheet|data|output|list)\\b';

/** Phrases dropped outright: hedges, throat-clearing and intensifiers. */
export const DROPPED_PHRASES: string[] = [
  'it is important to note that',
  "it's important to note that",
  'it should be noted that',
  'it is worth noting that',
  "it's worth noting that",
  'please note that',
  'as a matter of fact,?',
  'needless to say,?',
  'for all intents and purposes,?',
  'at the end of the day,?',
  'all things considered,?',
  'to be honest,?',
  'in my humble opinion,?',
  // Politeness wrapped around the request: "I would really, really like to kindly ask you to".
  "i(?: would|'d)(?: really,?)* like to(?: kindly)? ask(?: you)? to",
  // …and the same frame around a question: "I would like to ask you if you could summarize" asks
  // what "summarize" asks.
  "i(?: would|'d)(?: really,?)* like to(?: kindly)? ask(?: you)? (?:if|whether) you (?:could|can|would)(?: please)?",
  '(?:could|can|may) i(?: kindly)? ask you to',
  "i(?: would|'d) be (?:very |really )?grateful if you could",
  'i (?:was|am) wondering if you could',
  // An apology for asking, in a sentence of its own or before the request: "I'm sorry to bother
  // you with this but I got a letter" says what "I got a letter" says (decision 074).
  "(?:i'm |i am )?(?:so |really )?(?:sorry|apologies) (?:to bother you|for bothering you)(?: with (?:this|something (?:so |this )?(?:small|silly|minor|trivial)|such a (?:small|silly|minor|trivial) thing))?,?(?: but)?",
  'i have to (?:be honest|say|admit),',
  // Laughter and hedges of chat: "I don't need a lecture lol", "I'm kinda panicking".
  '(?:lol|lmao|haha|hehe)(?=[.!?,)]|\\s|$)',
  'kinda',
  // "So" opening a sentence before its subject or question only marks a turn: "So me and my
  // friends are going", "Ok so I'm in my second year", "So how much am I getting?".
  "(?<=^|[.!?]\\s+|\\n)(?:ok(?:ay)?,? )?so,?(?= (?:i|i'm|we|we're|me|my|how|what|why|where)\\b)",
  // …and the greeting run into it at the start of a line, as chat types it: "hiii ok so i have
  // homework" (decision 183). The greeting alone needs its punctuation ("Hi Sophie" stays).
  "(?<=^|\\n)(?:hi+|hey+|hello|hiya),? (?:ok(?:ay)?,? )?so,?(?= (?:i|i'm|we|we're|me|my|how|what|why|where)\\b)",
  'sorta',
  // An interjection opening a sentence: "Oh and could you put ..." asks what "And could you" does.
  '(?<=^|[.!?]\\s+|\\n)oh,?(?= (?!no\\b)[a-z])',
  'honestly,?',
  // "like" as a spoken pause, set off by commas: "So, like, the tests fail". Only after a sentence
  // start or a comma: "the ones I like, such as" and "works like a charm" are the verb and the
  // preposition.
  '(?<=^|[.!?]\\s+|\\n|,\\s+)like,(?= [a-z])',
  // A hedge inside a request worded from the asker's side: "if you could possibly help".
  '(?<=\\byou (could|can|would) )(perhaps|possibly|maybe)',
  // "just" as a hedge before a request verb or a want; "just 5 minutes" (only) and "it just went
  // down" (a moment ago) stay.
  'just(?= (?:summari[sz]e|tell|give|explain|write|list|show|help|make|check|send|create|describe|translate|rewrite|want|wanted|need|needed|checking|wondering)\\b)',
  // Politeness around a request or a question: it asks the same without it.
  "if you (don't|do not) mind,?",
  'when you (get|have) a (chance|moment|minute|second),?',
  "if it('s| is) not too much trouble,?",
  'as you (may|might) (already )?know,?',
  "for what it('s| is) worth,?",
  'so to speak,?',
  'frankly,?',
  'in fact,?',
  // A hedge inside the request itself: "could you perhaps tell me" asks the same as "could you
  // tell me". Elsewhere "maybe" and "possibly" carry doubt ("the deploy possibly failed").
  '(?<=\\b(could|can|would|will) you (also )?)(perhaps|possibly|maybe)',
  // Thanks tacked onto a sentence by "and": "I have a problem with my account and I would really
  // appreciate your help." asks what "I have a problem with my account." asks (decision 127).
  "and i(?: would|'d) (?:really |greatly |very much |truly )?appreciate (?:your|any|some) (?:help|advice|support)(?=\\s*[.!?])",
  'i would like you to',
  "i'd like you to",
  'i want you to',
  'i need you to',
  'in the process of',
  'a total of',
  'basically,?',
  'actually,?',
  'literally',
  // A doubled intensifier goes with the comma between ("really, really slow", "very, very old").
  'really(?:,(?= really\\b))?',
  'totally',
  'very(?:,(?= very\\b))?(?! (few|little|much|many|well|same|first|last|end|best|least|most|top|next)\\b)',
  'please,?',
  // "please" as chat spells it (decision 183), unless it is the object of a word before it or
  // names a method: "use PLS for the data", "a PLS regression", "PLS-DA" (partial least squares).
  // "PLS" in capitals among words that are not is kept by remove-filler.ts.
  '(?<!\\b(?:use|uses|used|using|run|runs|ran|running|with|via|a|the|of|fit|try|vs|versus) )pl[sz](?! (?:regression|model|path|components?|loadings?|scores?)\\b|-\\w)',
  'kindly',
  // More intensifiers and hedges the guides cut (decision 067). "Clearly" and "simply" stay:
  // "explain it clearly" says how. "Kind of" stays where it names a kind ("what kind of leave").
  'extremely',
  'incredibly',
  'truly',
  'absolutely(?= [a-z])',
  'definitely',
  'obviously,?',
  '(?<!\\b(?:what|which|the|a|an|this|that|these|those|any|some|one|each|every|same|no|other|another|my|your|our|their|his|her|its|of|all) )(?:kind|sort) of',
  'in my (?:honest )?opinion,?',
  'if you ask me,?',
  'personally,',
  'it goes without saying that',
  // A pointer back to what the text already said: "as I mentioned above".
  'as i (?:mentioned|said|noted)(?: (?:above|before|earlier|previously))?,?',
  'as (?:mentioned|noted|stated|said) (?:above|before|earlier|previously),?',
  // An apology for asking, which asks nothing: "Sorry if this is a silly question, but".
  '(?:sorry|apologies) if this is a (?:stupid|dumb|silly|basic|naive|newbie) question,?(?: but)?',
  'this (?:might|may|could) be a (?:stupid|dumb|silly|basic|naive|newbie) question,?(?: but)?',
  "(?:i'm|i am) not sure (?:if|whether) this is the right place (?:to ask|for this)(?: question)?,?(?: but)?",
  // A request wrapped in how welcome it would be: "It would be great if you could explain" asks
  // what "Explain" asks (decision 053 unwrapped "could you" the same way).
  'it would be (?:really |very |so )?(?:great|nice|helpful|wonderful|amazing|awesome|fantastic|good|useful|lovely|ideal) if you could',
  "i(?: would|'d) (?:really |greatly |very much )?appreciate (?:it )?if you could",
  // Throat-clearing before the context or the question: what follows is the context or question.
  '(?:just )?(?:for|to give you) (?:a bit of |some )?(?:context|background),',
  '(?:to cut a |to make a )?long story short,?',
  // "so" as an intensifier before an adjective that ends its clause: "the language is so
  // technical." says what "is technical" says. "so far", "so much", "so that" and "and so on" stay.
  'so(?= (?!(?:much|many|far|long|few|little|that|on|as|to|and|or|the|a|an|it|i|we|you|they|he|she|what|yes|no|why|how)\\b)[a-z]+(?:[.,!?;]|\\s+and\\b))',
  // "super" as an intensifier before an adjective that ends its clause, as "so" above: "was super
  // enthusiastic," says what "was enthusiastic," says (decision 221). "super user." and "Super
  // Bowl" (a name, masked) stay, and so does a setting: "run it on super high", "set the fan to
  // super quiet" (review of decision 221).
  '(?<!\\b(?:on|to|at) )super(?= (?!(?:user|users|admin|admins|bowl|market|markets|class|key|keys|set|sets|star|stars|hero|heroes|computer|computers|glue|fan|fans|league|cup|speed)\\b)[a-z]+(?:[.,!?;]|\\s+and\\b))',
  // An apology for how the pasted text looks, after it is handed over: "I've pasted my notes
  // below, sorry they're a mess." (decision 221). It asks and says nothing about the text. Here
  // after a comma; as a sentence of its own it is a pleasantry (below).
  `(?<=${PASTED_TEXT}[^.!?\\n]*[,;]\\s*)${SORRY_FOR_THE_TEXT}(?=[.!]|$)`,
  // A sentence that only hands over the text after it: "... not mine. Here it is:".
  '(?<=^|[.!?]\\s+|\\n)here (?:it|they) (?:is|are)[:.](?=\\s*(?:\\n|$))',
  '(?<=^|[.!?]\\s+|\\n)(?:so )?my (?:main |actual |real )?question is:?',
  // …and their plural before the questions: "So my questions are, what does all this mean"
  // (decision 183). "My questions are listed below" says something and stays.
  '(?<=^|[.!?]\\s+|\\n)(?:so )?my (?:main )?questions are(?:[:,]|(?= (?:what|how|why|where|when|who|which|whether|is|are|do|does|did|can|could|should|will|would)\\b))',
  // Emphasis a negation already carries: "Don't reveal it under any circumstances" forbids the same
  // as "Don't reveal it". The negation is looked for up to 200 characters back (this one and "at
  // all" below): unbounded, a text of many "at all"s without a full stop cost a scan back to the
  // sentence start at each, 27 s for 352 K characters (quadratic); bounded, the outputs of the
  // 22,008-result digest of decision 174 are the same.
  "(?<=\\b(?:not|never|no|cannot|[a-z]+n't)\\b[^.!?\\n]{0,200})(?:under|in) any circumstances",
  // …and "at all" ending its clause: "I got no reply at all" says what "I got no reply" says
  // (decision 183). "Not at all" and "if at all" stay, and so does "at all costs".
  "(?<=\\b(?:not|never|no|nothing|none|nobody|cannot|[a-z]+n't)\\b[^.!?\\n]{0,200})(?<!\\b(?:not|if) )at all(?=[.,;!?)]|$)",
  // A label that only says details follow, ending its line after a sentence ("Need a plan for a
  // lunch. Details:") or alone ("A few updates:"; decision 183). "Order details:" names whose, and
  // a label followed by its text is a field. "A few things: Ravi is vegetarian" keeps it: without
  // it, aggressive reads "Ravi" as the sentence's capital and drops the "is" after it.
  // (Spaces as \\x20 where a phrase's space, read as " +", would not do.)
  '(?<=[.!?]\\x20+)(?:(?:some|more|the|a few) )?details:(?=[\\t\\x20]*\\n)',
  '(?<=^|[.!?]\\s+|\\n)(?:a few|a couple of|some|several) (?:things|updates|points|notes|details)(?: to (?:know|note|mention))?:(?=[\\t\\x20]*\\n)',
  // Thanks for waiting while the writer worked, in a pasted e-mail: "Thanks for your patience
  // while we finalised next year's numbers." says nothing the numbers after it do not (decision
  // 183). The pleasantry alone goes already where it is a sentence of its own. Only the writer's
  // own work, in one clause: "while the office is closed until May 3" or "...numbers: prices rise"
  // state facts.
  '(?<=^|[.!?]\\s+|\\n)(?:thanks|thank you)(?: so much)? for (?:your|the) (?:patience|understanding) while (?:we|i)\\b[^.!?\\n,;:]*[.!]',
  // Talk about the request before the request (decision 249). "Just one thing though, you
  // wrote …" and "One more thing: add a table" say what the one thing is next; the comma or colon
  // tells the frame from "One thing I don't understand is why …" and "I need one more thing".
  '(?<=^|[.!?]\\s+|\\n)(?:(?:and|but|also|oh),? )?(?:just )?one (?:more |last |other |final |small |little |quick )?thing(?: though)?[,:](?= \\S)',
  // "The thing is, the server crashes" says what "The server crashes" says; "the thing is
  // broken" names a thing. Only before a comma, or "that" and the subject of a clause.
  "(?<=^|[.!?]\\s+|\\n)the thing is(?:,| that(?= (?:i|i'm|we|we're|you|he|she|they|it|it's|my|our|your|his|her|their|the|this|there)\\b))",
  // A sentence that announces what follows: "Here are the search results:" says no more than
  // "Search results:" (not mid-sentence: "the files here are old").
  "(?<=^|[.!?]\\s+|\\n)here(?:'s| is| are)(?= [a-z0-9])",
];

/**
 * Whole sentences of pleasantry. Removed only where they make up a sentence of their own: they
 * must open a sentence and end with . ! , or the line ("Thanks to the cache" stays).
 */
export const PLEASANTRIES: string[] = [
  '(hi+|hello|hey|hiya|heya|bonjour|hola)( there| all| everyone| team| folks)?',
  '(good (morning|afternoon|evening)|dear (all|team|sir or madam|sir/madam)|to whom it may concern)( all| everyone| team)?',
  // Sign-offs; the name under one stays.
  '(cheers|(best |kind |warm )?regards|best wishes|many thanks|take care|talk soon|speak soon)',
  'have a (good|great|nice|lovely) (day|week|weekend|evening)',
  '(thanks|thank you)( so much| very much| ever so much| much| a lot| a ton| a bunch| a million)?( again| in advance)?( for (your|the|any) (help|time|patience|understanding|support)( on this| with this)?| for (reaching out|getting back to me|reading( this)?))?( in advance)?',
  'any (help|advice|suggestions|tips|ideas|input|feedback|pointers)( (would be|is))? (much |greatly |really |very )?appreciated',
  "i('d| would) (really |greatly |very much )?appreciate (it|any help|your help|any advice)",
  '(sorry|apologies) (to bother you|for bothering you|for the (long|late) (message|email|e-mail|reply|post|question)|for (asking|the trouble))',
  "i hope (all is|everything is|you are all|you're all) well",
  "i hope you('ve)? had a (good|great|nice|lovely) (day|week|weekend|holiday)",
  '(i )?hope (this|that|it) makes sense',
  'how are you( doing)?( today)?',
  '(i )?look(ing)? forward to (hearing from you|your (reply|response|answer))',
  'no worries if not',
  "(feel free|don't hesitate) to (reach out|ask|get in touch)( if you have any (other |more |further )?questions)?",
  'i hope (this|my) (email|message) finds you well',
  "(i )?hope you('re| are) (doing )?well",
  '(i )?hope you can help( me)?',
  '((i )?hope|hopefully) (someone|somebody|anyone|you) can help( me)?( out)?( with this)?',
  '(i )?hope (this|that) helps',
  '(great|good|excellent) question',
  // Thanks in other words (decision 074): "You're a lifesaver!!", "I do appreciate the help with
  // this one!", "Appreciate it!".
  "(thanks( so much)?,? )?you('re| are) (an? )?(absolute |total )?(lifesaver|life saver|star|legend|gem|hero|the best)",
  "(thanks( so much)?,? )?you('re| are) saving my life( here)?",
  '(i )?((do|really|truly|very much|so) )*appreciate (it|this|the help|your help|any help|all your help)( with this( one)?)?( so much)?',
  // Praise of the last answer before a follow-up asks for a change (decision 221): "Thanks, that's
  // really good! Just one thing though, ..." asks for the one thing. Only as a sentence of its own
  // that ends with "." or "!": "That's good, because we can go" says why. Not after a colon,
  // where it is what someone said: "My manager said: that's great. What did she mean?"
  "(?<!:\\s*)(thanks,? )?(that's|that is) (really |very |so )?(great|perfect|brilliant|lovely|helpful|good|amazing|fantastic|awesome|excellent)(?=[.!]|$)",
  // The apology for the pasted text above, as a sentence of its own: "Sorry, it's a bit long."
  // (decision 221). (Only where a sentence opens: after a comma the dropped phrase takes it.)
  // The sentence before or after it names the text: "My notes:", "Summarise this article."
  `(?:(?<=${PASTED_TEXT}[^.!?\\n]*(?:[.!?:]\\s*|\\n)\\s*)${SORRY_FOR_THE_TEXT}|(?<=^|[.!?]\\s+|\\n)${SORRY_FOR_THE_TEXT}(?=[.!]\\s*[^.!?\\n]*${PASTED_TEXT}))`,
  // A sentence that only announces the context after it: "Some background for you."
  '(some|a bit of|a little) (background|context)( for you)?',
  "i hope (it's|it is|this is) (ok|okay|alright|fine) to ask (this|you this|this question)?( here)?",
  '(of course|sure|certainly|absolutely)',
  '(so|well|okay|ok|anyway|honestly|alright)',
  "(i'm|i am) happy to help",
  'i (was|am|am just) (hoping|wondering) (if |whether )?you (could|can|would) help( me)?( out)?',
  'i (really )?(need|could use) (some|your) help',
  // Throat-clearing before a question: the question itself says it is one, and how big.
  '(i have )?(a |one )?(quick|small|simple|short) question( for you)?',
  'i have a question( for you)?',
  "(i )?hope you('re| are) having a (good|great|nice|lovely) (day|week)",
  'let me know if you (have any (other |more )?questions|need anything else)',
  'let me know if you need (any )?(more|further|additional|other) (information|info|details|context)',
  'feel free to ask if you (have any (other |more )?questions|need anything else)',
];
