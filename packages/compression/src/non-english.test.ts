import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compressText } from './compress-text.ts';
import { COMPRESSION_LEVELS } from './levels.ts';

/** A lone surrogate, a replacement character or a combining mark with no letter to sit on. */
const BROKEN =
  /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]|\ufffd|(?<![\p{L}\p{M}])\p{M}/u;

describe('compressText on non-English and unusual text', () => {
  for (const level of COMPRESSION_LEVELS) {
    it(`keeps emoji joined and words with zero-width joiners whole (${level})`, () => {
      const family = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}';
      const persian = 'می\u200Cخواهم';
      const out = compressText(
        `Our ${family} trip: please   just explain the word ${persian} to me, basically.`,
        level,
      );
      assert.ok(out.includes(family), out);
      assert.ok(out.includes(persian), out);
      assert.doesNotMatch(out, BROKEN);
    });

    // Aggressive pruning is lossy by design and reads word frequencies, not pleasantries.
    it(`keeps every word of a text given to translate, pleasantries included (${level})`, {
      skip: level === 'aggressive',
    }, () => {
      for (const [text, kept] of [
        ['Translate into French: Thank you very much.', 'Thank you very much'],
        ['Translate into English:\nBonjour, je voudrais réserver une table.', 'Bonjour'],
        ['Traduis en anglais : Bonjour, merci beaucoup.', 'Bonjour, merci beaucoup'],
        ['Übersetze ins Englische: Hallo, vielen Dank!', 'Hallo, vielen Dank'],
      ]) {
        const out = compressText(text as string, level);
        assert.ok(out.includes(kept as string), `${text} → ${out}`);
      }
      // Elsewhere the pleasantries still go (and at balanced the request frame, decision 183).
      assert.equal(
        compressText('Hi! Can you summarize this? Thanks!', level),
        level === 'balanced' ? 'Summarize this?' : 'Can you summarize this?',
      );
    });

    it(`keeps the zero-width spaces between Thai, Lao, Khmer and Burmese words (${level})`, () => {
      for (const words of [
        ['ผม', 'อยาก', 'ไป', 'กรุงเทพ', 'พรุ่งนี้'],
        ['ຂ້ອຍ', 'ຢາກ', 'ໄປ', 'ວຽງຈັນ'],
        ['ខ្ញុំ', 'ចង់', 'ទៅ', 'ភ្នំពេញ'],
        ['ကျွန်တော်', 'ရန်ကုန်', 'ကို', 'သွားချင်တယ်'],
      ]) {
        const sentence = words.join('\u200B');
        const out = compressText(`Please translate:   ${sentence}`, level);
        assert.ok(out.includes(sentence), JSON.stringify(out));
      }
      // A stray one in Latin text is still dropped.
      assert.ok(compressText('Use the Hel\u200Blo   component.', level).includes('Hello'));
    });

    it(`never drops the negation or the words of a French, Spanish or German sentence (${level})`, () => {
      for (const sentence of [
        'Ne prenez pas ce médicament si vous êtes enceinte.',
        'Il ne faut jamais mélanger ces deux produits.',
        'No tome este medicamento si está embarazada.',
        'Ich habe nicht viel Geld, aber ich möchte investieren.',
      ]) {
        const out = compressText(`${sentence} Est-ce grave ?`, level);
        assert.ok(out.includes(sentence), `${sentence} → ${out}`);
      }
    });

    // "Saldaña and" became "Saldañand" and "Ça va" became "Çva": an "a" after a letter outside
    // ASCII was read as the article (decision 127).
    it(`never reads the end of an accented word as an article (${level})`, () => {
      const out = compressText(
        'Please check these names for typos: Zoë Saldaña and Ça va? Also the city Bogotá is in the list.',
        level,
      );
      for (const kept of ['Zoë Saldaña', 'Ça va', 'Bogotá']) assert.ok(out.includes(kept), out);
    });

    // A name opening with a letter outside ASCII was not held as a name: aggressive dropped the
    // "by" before it ("written Łukasz Nowak") and ran two names together (decision 127).
    it(`keeps the preposition before a name that opens with an accented capital (${level})`, () => {
      const out = compressText(
        'The quarterly report was written by Łukasz Nowak and then it was reviewed by Øystein Berg and Élodie before it went to the board on Monday.',
        level,
        'user',
      );
      for (const kept of ['by Łukasz Nowak', 'by Øystein Berg', 'Élodie']) {
        assert.ok(out.includes(kept), out);
      }
    });

    it(`keeps a decomposed accent on its letter (${level})`, () => {
      const out = compressText(
        'Cafe\u0301 vs Café, nai\u0308ve vs naïve, please basically explain the difference between NFC and NFD.',
        level,
      );
      assert.doesNotMatch(out, BROKEN, out);
      assert.ok(out.includes('nai\u0308ve'), out);
    });
  }
});
