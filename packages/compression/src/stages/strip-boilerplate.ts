// Text that page chrome, mail clients and legal footers add around content: navigation,
// "back to top", feedback widgets, cookie notices, "all rights reserved", "sent from my phone",
// confidentiality disclaimers. It runs before inline spans are protected, so every pattern is
// built from lower-case words only (after a sentence's first letter): it cannot match a number,
// a URL, a quoted string or a name, and whatever protected item sits next to boilerplate stays.
import { closeGaps } from '../text/close-gaps.ts';

const WORDS = "[a-z ,'’-]*";

const LINES = [
  /^skip to (the )?(main )?content\.?$/i,
  /^(back|return) to top\.?$/i,
  /^(related|recommended|popular) (articles|posts|links|stories)$/i,
  /^(main )?menu$/i,
  /^search(\.\.\.)?$/i,
  /^(sign|log) ?(in|out|up)$/i,
  /^(advertisement|sponsored( content)?)$/i,
  /^(print|email|share) this (page|article|post)$/i,
  /^read more\W*$/i,
  /^(click here to )?unsubscribe\.?$/i,
  /^view (this email )?in (your )?browser\.?$/i,
  /^sent from my (iphone|ipad|android( phone)?|samsung galaxy|mobile( device)?|phone)\.?$/i,
  // The same banner from a mail app: it names the app, never the writer (decision 249).
  /^(sent from|get) (outlook|mail|yahoo mail)( (for|on) (ios|android|iphone|windows( 10| 11)?))?\.?$/i,
  // A mail client's banner over a forwarded or quoted e-mail: its headers follow and say who.
  /^-{2,} ?(forwarded message|original message) ?-{2,}$/i,
  /^begin forwarded message:$/i,
  // A sign-off on a line of its own, above the name that stays ("Thanks," and "Regards," go with
  // the pleasantries); the comma tells it from a heading or a list item.
  /^(best|all the best|sincerely|yours (truly|sincerely)|warmly|with thanks),$/i,
];

/**
 * The labels of a site's menus, footers, breadcrumbs and cookie buttons. A line made only of
 * these, two or more joined by "|", ">" or "/", is navigation: "Home | Products | Pricing",
 * "Help Center > Articles", "Accept all | Manage preferences". Closed vocabulary, so a menu that
 * names a product or a person is left alone.
 */
const MENU_LABELS = new Set(
  (
    'home,products,product,pricing,plans,features,solutions,customers,resources,blog,' +
    'news,events,guides,tutorials,downloads,contact,contact us,about,about us,careers,' +
    'jobs,company,support,help,help center,help centre,docs,documentation,faq,faqs,' +
    'articles,knowledge base,community,status,security,privacy,privacy policy,' +
    'privacy notice,terms,terms of use,terms of service,terms and conditions,' +
    'cookie policy,cookie settings,cookie preferences,cookies,accessibility,sitemap,' +
    'site map,legal,imprint,press,partners,developers,log in,login,sign in,sign up,' +
    'register,accept,accept all,accept cookies,reject,reject all,decline,' +
    'manage preferences,manage cookies,settings,preferences'
  ).split(','),
);
const MENU_SEPARATOR = / +[|>›/] +/;
/**
 * A page's share buttons on a line of their own: "Share this article: Facebook Twitter LinkedIn
 * Email". The networks' names name nothing the page says (decision 157). It goes where a menu line
 * goes (balanced and aggressive): a line of buttons, not a sentence.
 */
const SHARE_LINE =
  /^share(?: this (?:page|article|post))?:?(?: ?[|,/]? (?:facebook|twitter|x|linkedin|e-?mail|whatsapp|reddit|pinterest|print|copy link))+$/i;

function isMenu(line: string): boolean {
  // Most lines hold no separator and are passed over before any split.
  if (!MENU_SEPARATOR.test(line)) return false;
  const labels = line.split(MENU_SEPARATOR);
  return labels.length >= 2 && labels.every((label) => MENU_LABELS.has(label.toLowerCase()));
}

/** The buttons of a feedback widget: "Yes No", "Yes / No", "Yes | No". */
const OPTIONS = '(?:yes|no)(?: ?[/|] ?| )(?:yes|no)';

const SENTENCES = [
  // The widget's buttons go with its question: "Yes No" alone answers nothing.
  new RegExp(
    `was this (?:(article|page|answer|information|post|reply) )?helpful\\?(?: ${OPTIONS}\\.?(?=$| ))?`,
    'i',
  ),
  // Who to ask when the page did not help, when it names no one (decision 249): "Need more help?
  // Contact our support team." "Contact Priya on 0161 …" names someone and stays.
  /(?:still )?need (?:more |further |any more )?help\? (?:contact|ask|reach out to|get in touch with) (?:us|support|our (?:support|customer service|help) team|the (?:support|help) team|customer (?:support|service))(?:[.!]|$)/i,
  new RegExp(`we use cookies${WORDS}\\.`, 'i'),
  new RegExp(`by (continuing|using)${WORDS}(you agree|you consent)${WORDS}cookies\\.`, 'i'),
  /all rights reserved\./i,
  new RegExp(
    `this (e-?mail|message)${WORDS}(is|are|may be) (strictly )?(confidential|privileged)${WORDS}\\.`,
    'i',
  ),
  new RegExp(
    `if you (are not|have received this)${WORDS}(intended recipient|in error)${WORDS}\\.`,
    'i',
  ),
  new RegExp(
    `any (unauthori[sz]ed )?(use|review|disclosure|copying|distribution)${WORDS}(prohibited|forbidden)\\.`,
    'i',
  ),
  // A green footer: "Please consider the environment before printing this e-mail." (decision
  // 249). The sentence must end there: "… before printing the 40-page report" asks something.
  /(?:please )?(?:consider|think about|think of|respect) the environment before (?:you )?print(?:ing)?(?: this| the)?(?: e-?mail| message| document)?(?:[.!]|$)/i,
  // A newsletter's footer: why it came and how to stop it (decision 249). Only about an e-mail,
  // message or newsletter: "You are receiving this error because …" says something.
  new RegExp(`you(?:'re|’re| are) receiving this (?:e-?mail|message|newsletter)${WORDS}\\.`, 'i'),
  new RegExp(
    `if you (?:no longer wish|would (?:rather|prefer) not|do not want|don't want|don’t want) to receive${WORDS}\\.`,
    'i',
  ),
  // "Acme B.V. accepts no liability for any damage caused by viruses transmitted by this e-mail."
  new RegExp(
    `(?<=^|[a-z]{2}[.!?] |: )(?:[^ ]+ ){0,4}?accepts? no (liability|responsibility)${WORDS}virus(es)?${WORDS}\\.`,
    'i',
  ),
];

/** A feedback widget's buttons on lines of their own, under its stripped question. */
const OPTION_LINE = /^(yes|no)\.?$/i;
/**
 * A heading of one to four words ending in ":" ("CONFIDENTIALITY NOTICE:"), left behind when the
 * sentences it introduced were stripped: it labels nothing.
 */
const LABEL = /^[\p{L}][\p{L}'’-]*(?: [\p{L}][\p{L}'’-]*){0,3}:$/u;

/** Words one of the sentence patterns needs; most lines have none and are passed over. */
const SENTENCE_HINT =
  /helpful|help\?|cookies|reserved|confidential|privileged|recipient|in error|prohibited|forbidden|virus|environment|receiv/i;
const BOILERPLATE_LINE = new RegExp(LINES.map((p) => `(?:${p.source})`).join('|'), 'i');
/** Every whole-line pattern is short. */
const MAX_LINE_PATTERN = 45;
const MAX_MENU_LINE = 200;

function stripSentences(line: string): string {
  let out = line;
  for (const pattern of SENTENCES) {
    if (!pattern.test(out)) continue;
    // Only whole sentences go: the match must start the line or follow a sentence end.
    out = out.replace(new RegExp(`(^|[.!?:] )${pattern.source} ?`, 'gi'), '$1');
  }
  return out.trimEnd();
}

export function stripBoilerplate(text: string, menus = false): string {
  const lines = text.split('\n');
  const kept: string[] = [];
  // One test on the whole text spares most texts the sentence patterns line by line.
  const hinted = SENTENCE_HINT.test(text);
  // Whether the line before stripped a feedback question, whose buttons may follow line by line.
  let afterQuestion = false;
  for (const line of lines) {
    if (line.includes('\uE000')) {
      kept.push(line);
      afterQuestion = false;
      continue;
    }
    const trimmed = line.trim();
    if (trimmed !== '' && trimmed.length <= MAX_LINE_PATTERN && BOILERPLATE_LINE.test(trimmed))
      continue;
    if (afterQuestion && OPTION_LINE.test(trimmed)) continue;
    if (menus && trimmed.length <= MAX_MENU_LINE && isMenu(trimmed)) continue;
    if (menus && trimmed.length <= MAX_MENU_LINE && SHARE_LINE.test(trimmed)) continue;
    const stripped = hinted ? stripSentences(line) : line;
    afterQuestion = hinted && stripped !== line && /helpful\?\s*$/i.test(line);
    if (stripped.trim() === '' && trimmed !== '') continue;
    if (stripped !== line && LABEL.test(stripped.trim())) continue;
    kept.push(stripped);
  }
  if (kept.length === lines.length && kept.every((l, i) => l === lines[i])) return text;
  return closeGaps(kept.join('\n'));
}
