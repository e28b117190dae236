import { lineAfter, lineBefore } from './text-context.ts';

// Words that say a number is a phone number, in the languages of the national plans we read.
// Stems also start compounds ("Telefonnummer", "Handynummer"). "number" and "text" alone are too
// common in code and prose; they count only in phrases.
const CUE_STEMS = [
  'phone',
  'telefon',
  'telefoon',
  'handy',
  'mobil',
  'mobiel',
  'rückruf',
  'anruf',
  'festnetz',
  'zentrale',
  'durchwahl',
  'switchboard',
  'växel',
  'téléphon',
  'teléfono',
  'telefono',
  'cellular',
  'celular',
  'cellulare',
  'телефон',
  'мобильн',
  'сотов',
  'звон',
  'позвон',
  'перезвон',
  'komórk',
  'komork',
  'dzwon',
  'dzwoń',
  'zadzwo',
];

const CUE_WORDS = [
  'tel',
  'telephone',
  'call',
  'calls',
  'called',
  'calling',
  'ring',
  'mobile',
  'mob',
  'cell',
  'cellphone',
  'fax',
  'contact',
  'reach',
  'sms',
  'whatsapp',
  'signal',
  'dial',
  'hotline',
  'helpline',
  'landline',
  'erreichbar',
  'erreichen',
  'tél',
  'portable',
  'appeler',
  'appelez',
  'appelle',
  'rappeler',
  'rappelle',
  'rappelez',
  'joindre',
  'móvil',
  'llamar',
  'llame',
  'llámame',
  'llámenos',
  'chiamare',
  'chiami',
  'chiamami',
  'chiamateci',
  'bel',
  'bellen',
  'ligar',
  'ligue',
  'liga',
  'тел',
  'моб',
  'kom',
  'tlf',
  'ringe',
  '(?:text|txt) (?:me|us)',
  '(?:my|our|his|her|their|your) number',
  '(?:mon|notre|son|votre) numéro',
  '(?:mi|su|nuestro) número',
  '(?:il mio|il suo|il nostro) numero',
  '(?:meine|unsere|seine|ihre) nummer',
  '(?:mijn|ons|zijn|haar) nummer',
  '(?:meu|seu|nosso) número',
];
const PHONE_CUE = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:(?:${CUE_STEMS.join('|')})\\p{L}*|(?:${CUE_WORDS.join('|')})(?!\\p{L}))`,
  'iu',
);

// Chinese, Japanese and Korean run words together ("我的手机号是…", "携帯は…"), so their cues
// count wherever they stand. "号码", "番号" and "번호" alone just mean "number".
const CJK_PHONE_CUE =
  /電話|电话|携帯|ケータイ|手机|手機|联系|聯繫|聯絡|連絡|拨打|撥打|致电|致電|ファックス|传真|傳真|전화|휴대폰|핸드폰|연락|팩스/u;

/** True when the words before (same line, 48 chars) or after (24 chars) say "phone". */
export function hasPhoneCueAround(text: string, start: number, end: number): boolean {
  const before = lineBefore(text, start, 48);
  const after = lineAfter(text, end, 24);
  return (
    PHONE_CUE.test(before) ||
    PHONE_CUE.test(after) ||
    CJK_PHONE_CUE.test(before) ||
    CJK_PHONE_CUE.test(after)
  );
}
