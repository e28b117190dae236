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
    fr_vous:
      "Concevez un protocole de consensus distribué et tolérant aux pannes pour une base de données multi-régions, démontrez sa sûreté en cas de partition réseau, évaluez les compromis de latence et écrivez l'élection du leader en Rust avec des tests.",
    pt: 'Projete um protocolo de consenso distribuído e tolerante a falhas para um banco de dados multirregião, demonstre sua segurança sob partições de rede, analise os compromissos de latência e implemente a eleição de líder em Rust com testes.',
    it: "Progetta un protocollo di consenso distribuito e tollerante ai guasti per un database multi-regione, dimostra la sua sicurezza in caso di partizioni di rete, analizza i compromessi di latenza e implementa l'elezione del leader in Rust con i test.",
    ru: 'Спроектируйте распределённый отказоустойчивый протокол консенсуса для многорегиональной базы данных, докажите его безопасность при разделении сети, проанализируйте компромиссы задержки и реализуйте выбор лидера на Rust с тестами.',
    ko: '다중 리전 데이터베이스를 위한 분산형 내결함성 합의 프로토콜을 설계하고, 네트워크 분할 상황에서의 안전성을 증명하고, 지연 시간의 트레이드오프를 분석하고, Rust로 리더 선출을 테스트와 함께 구현하세요.',
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
    'Qual é a capital da França?',
    'Qual è la capitale della Francia?',
    'Какая столица Франции?',
    '프랑스의 수도는 어디인가요?',
    'Prova a dirmi la capitale della Francia.',
    'Какой код города Москвы?',
    '🇫🇷❓',
    '\ufeff\u200b',
  ]) {
    it(`a one-line question stays simple: ${question}`, () => {
      assert.equal(difficultyOf(question), 'simple');
    });
  }
});

describe('scoreDifficulty reads a request for a proof in Polish, Dutch and Turkish', () => {
  // These scored simple (0.13-0.18): only the product's own languages' words for "prove" were known.
  for (const prompt of [
    'Udowodnij, że istnieje nieskończenie wiele liczb pierwszych.',
    'Bewijs dat er oneindig veel priemgetallen zijn.',
    'Sonsuz sayıda asal sayı olduğunu kanıtlayın.',
    'Karekök 2 sayısının irrasyonel olduğunu ispatlayın.',
  ]) {
    it(`is not simple: ${prompt}`, () => {
      assert.notEqual(difficultyOf(prompt), 'simple');
    });
  }
});
