import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scoreDifficulty } from './score-difficulty.ts';

const difficultyOf = (content: string) =>
  scoreDifficulty({ messages: [{ role: 'user', content }] }).difficulty;

describe('scoreDifficulty reads requests in other languages as it reads English', () => {
  const hard = {
    en: 'Design a distributed, fault-tolerant consensus protocol for a multi-region database, prove its safety under network partitions, analyse the latency trade-offs, and implement the leader election in Rust with tests.',
    de: 'Entwirf ein verteiltes, fehlertolerantes Konsensprotokoll für eine Datenbank über mehrere Regionen, beweise seine Sicherheit bei Netzwerkpartitionen, analysiere die Latenz-Kompromisse und implementiere die Leader-Wahl in Rust mit Tests.',
    fr: "Conçois un protocole de consensus distribué et tolérant aux pannes pour une base de données multi-régions, prouve sa sûreté en cas de partition réseau, analyse les compromis de latence et implémente l'élection du leader en Rust avec des tests.",
    es: 'Diseña un protocolo de consenso distribuido y tolerante a fallos para una base de datos multirregión, demuestra su seguridad ante particiones de red, analiza las compensaciones de latencia e implementa la elección de líder en Rust con pruebas.',
    zh: '为多区域数据库设计一个分布式、容错的共识协议，证明其在网络分区下的安全性，分析延迟权衡，并用Rust实现领导者选举及测试。',
    ja: 'マルチリージョンデータベース向けに分散型でフォールトトレラントな合意プロトコルを設計し、ネットワーク分断下での安全性を証明し、レイテンシのトレードオフを分析し、Rustでリーダー選出をテスト付きで実装してください。',
    ar: 'صمم بروتوكول إجماع موزع ومتسامح مع الأعطال لقاعدة بيانات متعددة المناطق، وأثبت سلامته في ظل انقسامات الشبكة، وحلل مقايضات زمن الاستجابة، ونفذ انتخاب القائد بلغة Rust مع الاختبارات.',
    hi: 'बहु-क्षेत्रीय डेटाबेस के लिए एक वितरित, दोष-सहिष्णु सहमति प्रोटोकॉल डिज़ाइन करें, नेटवर्क विभाजन में इसकी सुरक्षा सिद्ध करें, विलंबता के समझौतों का विश्लेषण करें और Rust में लीडर चुनाव को परीक्षणों के साथ लागू करें।',
  };
  for (const [language, prompt] of Object.entries(hard)) {
    it(`a hard multi-part task is complex (${language})`, () => {
      assert.equal(difficultyOf(prompt), 'complex');
    });
  }

  for (const question of [
    'Was ist die Hauptstadt von Frankreich?',
    'Quelle est la capitale de la France ?',
    '¿Cuál es la capital de Francia?',
    '法国的首都是哪里？',
    'フランスの首都はどこですか？',
    'ما هي عاصمة فرنسا؟',
    'फ्रांस की राजधानी क्या है?',
    '🇫🇷❓',
    '\ufeff\u200b',
  ]) {
    it(`a one-line question stays simple: ${question}`, () => {
      assert.equal(difficultyOf(question), 'simple');
    });
  }
});
