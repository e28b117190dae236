import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_PII_CONFIG } from '../pii-config.ts';
import { RedactionSession } from '../redaction-session.ts';
import { findEmails } from './email.ts';

const values = (text: string) => findEmails(text).map((s) => s.value);

describe('findEmails', () => {
  it('finds plain, plus-addressed, subdomain and country-domain addresses', () => {
    for (const address of [
      'jane.doe@example.com',
      'jane+newsletters@example.com',
      'ops@mail.eu.example.co.uk',
      'j_smith-99@some-company.de',
      'José.Núñez@correo.es',
      'x@xn--80ak6aa92e.com',
    ]) {
      assert.deepEqual(values(`Write to ${address}, thanks.`), [address], address);
    }
  });

  it('finds addresses at internationalised domains, in any language around them', () => {
    for (const [text, address] of [
      ['Schreib an user@münchen.de bitte', 'user@münchen.de'],
      ['Contact josé@españa.es now', 'josé@españa.es'],
      ['Écrivez à info@société-générale.fr.', 'info@société-générale.fr'],
      ['Почта: ivan@пример.рф', 'ivan@пример.рф'],
      ['メールはinfo@例え.jpまで', 'info@例え.jp'],
      ['连系 support@公司.com 谢谢', 'support@公司.com'],
      ['メールはjo@example.comです', 'jo@example.com'],
    ]) {
      assert.deepEqual(values(text as string), [address], text);
    }
  });

  it('finds addresses whose local part is in another script, without the text before it', () => {
    for (const [text, address] of [
      ['Почта: пользователь@пример.рф, спасибо', 'пользователь@пример.рф'],
      ['联系 用户@例子.中国 谢谢', '用户@例子.中国'],
      ['邮箱：用户@例子.中国。', '用户@例子.中国'],
      ['escribe a ñandú@correo.es hoy', 'ñandú@correo.es'],
      ['이메일 사용자@예시.한국', '사용자@예시.한국'],
      ['Γράψτε στο χρήστης@παράδειγμα.ελ', 'χρήστης@παράδειγμα.ελ'],
      // A local part keeps to one script: the Japanese or Russian word before it stays out.
      ['メールuser@example.com', 'user@example.com'],
      ['Почтаivan@пример.рф', 'ivan@пример.рф'],
    ]) {
      assert.deepEqual(values(text as string), [address], text);
    }
  });

  it('reports exact offsets', () => {
    const text = 'cc: <ana@example.org>';
    const [span] = findEmails(text);
    assert.equal(text.slice(span?.start, span?.end), 'ana@example.org');
  });

  it('keeps surrounding punctuation, quotes and query strings out of the address', () => {
    assert.deepEqual(values('"bob@example.com".'), ['bob@example.com']);
    assert.deepEqual(values('**bob@example.com**'), ['bob@example.com']);
    assert.deepEqual(values('/subscribe?email=bob@example.com&x=1'), ['bob@example.com']);
    assert.deepEqual(values('[mail](mailto:bob@example.com)'), ['bob@example.com']);
    assert.deepEqual(values('Mail bob@example.com.'), ['bob@example.com']);
  });

  it('finds several addresses in one text', () => {
    assert.deepEqual(values('a@example.com; b@example.net, c@example.org'), [
      'a@example.com',
      'b@example.net',
      'c@example.org',
    ]);
  });

  it('ignores things that only look like addresses', () => {
    for (const text of [
      'ping @john_doe in the channel',
      'mail root@localhost',
      'npm i react@18.2.0',
      'use icon@2x.png on retina',
      // Spelt out, an address needs a word about mail nearby (decision 170).
      'meet jane at example dot com at noon',
      'postgres://admin:s3cret@db.example.com/app',
      'email@',
      '@example.com',
    ]) {
      assert.deepEqual(values(text), [], text);
    }
  });
});

describe('findEmails on the independent set (decision 159)', () => {
  it('finds an address whose local part is quoted', () => {
    assert.deepEqual(values('Mail "jane doe"@example.net today'), ['"jane doe"@example.net']);
    assert.deepEqual(values('<"a.b,c"@mail.example.org>'), ['"a.b,c"@mail.example.org']);
    // A quote that closes a quotation is not a local part.
    assert.deepEqual(values('She said "hi" @ example.net'), []);
  });
});

describe('findEmails on remotes, URLs and code that hold an @ (decision 170)', () => {
  it('reads user@host:path remotes, URL userinfo, ssh logins and method calls as no address', () => {
    for (const text of [
      'git clone git@github.com:acme/widgets.git',
      'git remote add origin git@gitlab.example.com:group/sub/repo',
      'git clone ssh://git@github.com/org/repo.git',
      '"repository": "git@github.com:acme/widgets.git"',
      'pip install git+ssh://git@bitbucket.org/team/tool.git@v1.2',
      'scp report.pdf deploy@build.example.com:/srv/reports/',
      'rsync -av dist/ www@web01.example.org:~/site/',
      'git@github.com:widgets.git is the remote',
      'sftp://backup@files.example.com/nightly',
      'mirror from ftp://anonymous@ftp.example.org/pub',
      'open https://jane@wiki.example.com/ in a browser',
      'ssh -i ~/.ssh/id_ed25519 ubuntu@ec2-3-120-1-2.eu-central-1.compute.amazonaws.com',
      'ssh -p 2222 admin@bastion.example.net',
      'run `ssh deploy@web.example.io` first',
      'ssh-copy-id ops@db1.example.com',
      'score = q@k.transpose(-2, -1)',
      'docker pull nginx@sha256:0d17b565c37bcbd895e9d92315a05c1c3c9a29f762b011a10c54a66cd53c9b31',
      "implementation 'com.android.support:appcompat-v7:28.0.0@aar'",
      '@media (max-width: 600px) { a{}@import url("theme.css") }',
    ]) {
      assert.deepEqual(values(text), [], text);
    }
  });

  it('still finds addresses next to a colon, a URL, a key or a command', () => {
    for (const [text, address] of [
      ['jane@example.com: she handles billing', 'jane@example.com'],
      ['leaked list: jane@example.com:hunter2', 'jane@example.com'],
      ['Email jane@example.com:\nthanks', 'jane@example.com'],
      ['mailto:jane@example.com', 'jane@example.com'],
      ['[mail](mailto:jane@example.com?subject=Hi)', 'jane@example.com'],
      ['git config user.email jane@example.com', 'jane@example.com'],
      ['Signed-off-by: Jane Doe <jane@example.com>', 'jane@example.com'],
      ['ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIG jane@example.com', 'jane@example.com'],
      ['https://example.com/users/jane@example.com/profile', 'jane@example.com'],
      ['/subscribe?email=jane@example.com&next=/home', 'jane@example.com'],
      ['From: jane@example.com (Jane Doe)', 'jane@example.com'],
      ["I can't ssh in; email jane@example.com", 'jane@example.com'],
      ['git log --author=jane@example.com', 'jane@example.com'],
      ['"email":"jane@example.com","id":7', 'jane@example.com'],
    ]) {
      assert.deepEqual(values(text as string), [address], text);
    }
  });
});

describe('findEmails on code, forge logins and private domains (decision 173)', () => {
  it('reads matrix products, attribute chains and forge ssh logins as no address', () => {
    for (const text of [
      'y = x@self.weight',
      'y = x@self.weight + self.bias',
      'scores = q@k.T / math.sqrt(d)',
      'z = a@b.T',
      'out = h@W.mT',
      'logits = emb@self.lm_head.weight',
      'y = x@self.weight.data',
      'y = x@self.weight.data + self.bias.data',
      'proj = h@this.proj.data',
      'out = x@W.data',
      'z = a1@Wq.data.T',
      'git@github.com',
      'Add the deploy key, then test it: git@github.com should greet you.',
      'Remote is git@gitlab.com (no path yet).',
      'Host git@bitbucket.org',
      'our mirror git@gitlab.acme.io',
      'ssh.github.com: git@ssh.github.com on port 443',
    ]) {
      assert.deepEqual(values(text), [], text);
    }
  });

  it('still finds mailboxes named git, capitalised domains and private-network domains', () => {
    for (const [text, address] of [
      ['write to git@company.com', 'git@company.com'],
      ['write to jane@self.com', 'jane@self.com'],
      ['jane.doe@acme.data replied', 'jane.doe@acme.data'],
      ['ops@self.example.com', 'ops@self.example.com'],
      ['Mail git@acme.org about the mirror.', 'git@acme.org'],
      ['jane@github.com asked', 'jane@github.com'],
      ['Reach Jane@Example.Com', 'Jane@Example.Com'],
      ['JANE@EXAMPLE.COM', 'JANE@EXAMPLE.COM'],
      ['ops@build.internal', 'ops@build.internal'],
      ['jane.doe@acme.corp', 'jane.doe@acme.corp'],
      ['printer@office.lan', 'printer@office.lan'],
      ['jo@x.dev and ana@y.app', 'jo@x.dev'],
      ['ana@studio.photography', 'ana@studio.photography'],
    ]) {
      assert.equal(values(text as string)[0], address, text);
    }
  });

  it('finds such an address in prose: a bullet, a parenthesis, a list (decision 173 review)', () => {
    for (const [text, address] of [
      ['Attendees:\n- jane@acme.data\n- bob@acme.data', 'jane@acme.data'],
      ['Ask Jane (jane@acme.data) first', 'jane@acme.data'],
      ['cc bob@x.com, jane@acme.data', 'jane@acme.data'],
      ['Jane Doe - ops@self.example.com', 'ops@self.example.com'],
      ['* ops@this.example.org', 'ops@this.example.org'],
    ]) {
      assert.ok(values(text as string).includes(address as string), text);
    }
  });

  it('finds such an address as the value of a log field named for a person', () => {
    for (const [text, address] of [
      ['2026-12-01 INFO login ok user=jane@acme.data ip=10.0.0.1', 'jane@acme.data'],
      ['level=warn msg="bounce" rcpt=jane@acme.data', 'jane@acme.data'],
      ['--author=jane@acme.data', 'jane@acme.data'],
      ['sender_email=ops@self.example.com status=sent', 'ops@self.example.com'],
      ['REPLY_TO=jane@acme.data', 'jane@acme.data'],
    ]) {
      assert.ok(values(text as string).includes(address as string), text);
    }
    // A variable that merely contains such a word is still an operand of code.
    for (const text of ['user_weights = x@W.data', 'username_logits = h@self.head.data']) {
      assert.deepEqual(values(text), [], text);
    }
  });
});

describe('findEmails on addresses written to dodge scrapers (decision 170)', () => {
  it('finds bracketed, spelt-out and spaced addresses as one whole span', () => {
    for (const [text, address] of [
      ['john[at]gmail[dot]com', 'john[at]gmail[dot]com'],
      ['reach john (at) gmail (dot) com anytime', 'john (at) gmail (dot) com'],
      ['Email me: john at gmail dot com', 'john at gmail dot com'],
      ['write to john@gmail .com please', 'john@gmail .com'],
      ['ping john@gmail . com', 'john@gmail . com'],
      ['jane.doe [at] example [dot] co [dot] uk', 'jane.doe [at] example [dot] co [dot] uk'],
      ['Kontakt: j.smith(at)uni-bonn(dot)de', 'j.smith(at)uni-bonn(dot)de'],
      ['ops{at}acme{dot}io', 'ops{at}acme{dot}io'],
      ['JOHN [AT] GMAIL [DOT] COM', 'JOHN [AT] GMAIL [DOT] COM'],
      ['reach me at jane dot doe at example dot org', 'jane dot doe at example dot org'],
      ['jo[@]example[.]com', 'jo[@]example[.]com'],
      ['maria(at)empresa.es', 'maria(at)empresa.es'],
      ['My address is sam at mail dot example dot net.', 'sam at mail dot example dot net'],
      ['Contact: kim @ example.com', 'kim @ example.com'],
      ['mail: lee<at>example<dot>com', 'lee<at>example<dot>com'],
      ['john@mail.example[dot]com', 'john@mail.example[dot]com'],
      ['jo at gmail dot com is my email', 'jo at gmail dot com'],
      ['"email": "john [at] gmail [dot] com"', 'john [at] gmail [dot] com'],
      ["say 'kim(at)example(dot)org'", 'kim(at)example(dot)org'],
    ]) {
      assert.deepEqual(values(text as string), [address], text);
    }
  });

  it('finds one deep in a long line, and only around it', () => {
    const prose = 'word '.repeat(400);
    const text = `${prose}email me: jane.doe (at) example (dot) org ${prose}dots . and (.) ${prose}`;
    assert.deepEqual(values(text), ['jane.doe (at) example (dot) org']);
  });

  it('ignores prose and code that only look like a spelt-out address', () => {
    for (const text of [
      "Let's meet at noon dot com",
      'We looked at google dot com yesterday',
      'Email me when you are at home.',
      'Contact us at acme dot com for a quote',
      'Write to me at your earliest convenience.',
      'email me the summary at noon. then we talk',
      'He works at acme dot com, email him',
      'Email me.\nMeet at noon dot com',
      'email the team at the venue dot',
      'if (at) console.log(at.name)',
      'while (at) node = node.next;',
      'h = a @ self.weight',
      'price @ store . com',
      'The talk runs (at) least 3 hours',
      "I'm at work dot com, email me",
    ]) {
      assert.deepEqual(values(text), [], text);
    }
    // A full stop spaced after a plain address ends the sentence; it is no spaced dot.
    assert.deepEqual(values('Mail jo@example.com . thanks'), ['jo@example.com']);
  });

  it('gives the caller the written spelling back when restoring', () => {
    const session = new RedactionSession(DEFAULT_PII_CONFIG);
    const text = 'Email me: john [at] gmail [dot] com or jo@gmail .com';
    const redacted = session.redact(text);
    assert.equal(redacted, 'Email me: [EMAIL_REDACTED_1] or [EMAIL_REDACTED_2]');
    assert.equal(session.restore(redacted), text);
  });
});
